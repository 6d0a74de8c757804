import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';

let lore: TestServer;
beforeAll(async () => {
  lore = await startTestServer();
});
afterAll(() => lore.close());

describe('/api/health', () => {
  it('reports the database as reachable', async () => {
    const response = await lore.anonymous().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'reachable' });
  });

  it('sends the security headers on every response', async () => {
    for (const path of ['/api/health', '/api/nothing-here']) {
      const { headers } = await lore.anonymous().get(path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await lore.anonymous().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('reports the database as unreachable once it is gone', async () => {
    const isReachable = lore.database.isReachable;
    await using _restore = { [Symbol.asyncDispose]: async () => void (lore.database.isReachable = isReachable) };
    lore.database.isReachable = async () => {
      try {
        await lore.db.selectFrom('accounts').select('id').where('id', '=', 'not-a-uuid').execute();
        return true;
      } catch {
        return false;
      }
    };
    const response = await lore.anonymous().get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'unavailable', database: 'unreachable' });
  });
});
