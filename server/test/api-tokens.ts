import type { ApiTokenAccess } from '../../common/api-tokens';
import { TestClient } from './http-client';
import type { SignedInClient } from './test-server';

/** A client that calls as a script with a new API token of `owner` for the workspace, and the token's id. */
export async function apiTokenClient(
  owner: SignedInClient,
  accountId: string,
  access: ApiTokenAccess,
  options: { expiresInDays?: number | null } = {},
) {
  const created = await owner.post('/api/me/api-tokens', {
    accountId,
    name: `${access} token`,
    access,
    expiresInDays: options.expiresInDays ?? 30,
  });
  if (created.status !== 201)
    throw new Error(`The API token was refused: ${created.status} ${JSON.stringify(created.body)}`);
  const client = Object.assign(new TestClient(owner.baseUrl, created.body.data.secret as string), {
    email: owner.email,
    userId: owner.userId,
  });
  return { client, tokenId: created.body.data.token.id as string };
}
