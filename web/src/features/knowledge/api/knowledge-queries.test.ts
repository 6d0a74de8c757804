import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { knowledgeItemQuery } from './knowledge-queries';

const accountId = '7f1d2c3e-1111-4222-8333-944455556666';

/** Fetches an item through TanStack Query, once (the retries are the query's, not under test here). */
const fetchItem = (ref: string) =>
  new QueryClient().fetchQuery({ ...knowledgeItemQuery(accountId, ref), retry: false });

describe('knowledgeItemQuery', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("needs an id: 'Knowledge ID is required'", async () => {
    await expect(fetchItem('  ')).rejects.toThrow('Knowledge ID is required');
  });

  it("gives up after 15 s with the spec's time-out text", async () => {
    vi.useFakeTimers();
    // A server that never answers; the request ends only when aborted.
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const result = fetchItem('abc123').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(14_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ message: 'Request timeout - Knowledge item fetch took too long' });
  });

  it("names a failed fetch 'Error fetching knowledge item: ...', but keeps a 404's own text", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: 'Boom', code: 'internal' }, { status: 500 }));
    await expect(fetchItem('abc123')).rejects.toThrow('Error fetching knowledge item: Boom');
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: 'Could not find knowledge item with short ID: abc123', code: 'not_found' },
        { status: 404 },
      ),
    );
    await expect(fetchItem('abc123')).rejects.toThrow(/^Could not find knowledge item with short ID: abc123$/);
  });
});
