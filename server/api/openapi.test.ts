import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { useTestServer } from '../test/use-test-server';
import { OPENAPI_PATH, REFERENCE_PATH } from './openapi';

// The same on both databases (the API's own description): npm test runs it on PGlite only.

const lore = useTestServer();
let document: { openapi: string; paths: Record<string, Record<string, { 'x-access'?: string }>> };

/** `/api/accounts/:accountId` as OpenAPI writes it: `/api/accounts/{accountId}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, access: operation['x-access'] })),
  );

beforeAll(async () => {
  document = (await lore.anonymous().get(OPENAPI_PATH)).body;
});

describe('the API description', () => {
  it('is an OpenAPI 3.1 document that every registered API route appears in', () => {
    expect(document.openapi).toBe('3.1.0');
    const served = createApp(lore.deps)
      .routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .filter((route) => ![OPENAPI_PATH, REFERENCE_PATH].includes(route.path) && !route.path.startsWith('/api/auth/'));
    expect(served.length).toBeGreaterThan(25);
    const missing = served.filter((route) => !document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it("documents the spec's own endpoints and the sign-in flow", () => {
    for (const path of [
      '/api/updateStarPositions',
      '/api/getAccountUsers',
      '/api/inviteUser',
      '/api/removeUser',
      '/api/cancelInvite',
      '/api/updateUserRole',
      '/api/transferOwnership',
      '/api/acceptInvitation',
      '/api/secureImage',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(document.paths['/api/auth/sign-in/magic-link']?.post).toBeDefined();
    expect(document.paths['/api/auth/magic-link/verify']?.get).toBeDefined();
    expect(document.paths['/api/redeemLoginLink']?.post).toBeDefined();
  });

  it('declares who may call every operation', () => {
    expect(operations().filter((operation) => !['public', 'user', 'member'].includes(operation.access ?? ''))).toEqual(
      [],
    );
  });

  it('answers 401 to an anonymous caller on every operation that needs a user', async () => {
    const anonymous = lore.anonymous();
    const guarded = operations().filter((op) => op.access !== 'public');
    expect(guarded.length).toBeGreaterThan(20);
    for (const { path, method } of guarded) {
      const url = path.replace(/\{\w+\}/g, crypto.randomUUID());
      const response = await anonymous.request(method.toUpperCase(), url, method === 'get' ? {} : { json: {} });
      expect(response.status, `${method.toUpperCase()} ${path}`).toBe(401);
    }
  });

  it('tells a member of another account that the account does not exist, on every member operation', async () => {
    const stranger = await lore.user();
    const { id: accountId, owner } = await lore.account();
    const memberOps = operations().filter((op) => op.access === 'member');
    for (const { path, method } of memberOps) {
      // Inputs that pass validation, naming an account the caller is not in.
      const url = path
        .replace('{accountId}', accountId)
        .replace('{version}', '1')
        .replace(/\{\w+\}/g, crypto.randomUUID());
      const query = `accountId=${accountId}&userId=${owner.userId}&inviteId=${crypto.randomUUID()}&bucket=knowledge-images&path=${accountId}/x.png`;
      const body = {
        accountId,
        updates: [],
        email: 'x@example.com',
        role: 'member',
        userId: owner.userId,
        knowledgeId: 'abc',
        currentOwnerId: owner.userId,
        newOwnerId: owner.userId,
        newOwnerRole: 'admin',
        title: 'T',
        name: 'N',
        pdfPath: `${accountId}/x.pdf`,
        pdfFilename: 'x.pdf',
        thumbnailPath: `${accountId}/x_thumb.webp`,
        access: 'read',
        expiresInDays: 7,
        ids: [],
        collectionId: accountId,
        body: '<p>A comment</p>',
        resolved: true,
        watching: true,
      };
      const response = await stranger.request(
        method.toUpperCase(),
        `${url}?${query}`,
        method === 'get' || method === 'delete' ? {} : { json: body },
      );
      expect([response.status, response.body?.error], `${method.toUpperCase()} ${path}`).toEqual([
        404,
        'Account not found',
      ]);
    }
  });

  it('renders a readable reference page listing every path', async () => {
    const page = await lore.anonymous().get(REFERENCE_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    for (const path of Object.keys(document.paths)) expect(page.body).toContain(path);
  });
});
