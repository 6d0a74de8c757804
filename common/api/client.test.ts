import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client';
import { getMe } from './me';

describe('the API client', () => {
  it("fails with the answer's error, else 'Request failed with status N' (spec section 7)", async () => {
    const answering = (response: () => Response) => createApiClient(async () => response());
    await expect(
      answering(() => Response.json({ error: 'Nope', code: 'x' }, { status: 400 }))(getMe, {}),
    ).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'Nope',
      code: 'x',
    });
    const bare = await answering(() => new Response('<html>Bad gateway</html>', { status: 502 }))(getMe, {}).catch(
      (error: unknown) => error,
    );
    expect(bare).toBeInstanceOf(ApiError);
    expect(bare).toMatchObject({ status: 502, message: 'Request failed with status 502' });
  });
});
