import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { freePort } from '../../test/free-port';
import { openTestDatabase } from '../../test/test-database';
import { startTestServer } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();

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
});

describe('/api/health without a database', () => {
  it('reports the database as unreachable when nothing answers at its address', async () => {
    const database = await openDatabase({ url: `postgres://lore@127.0.0.1:${await freePort()}/lore` });
    const down = await startTestServer({ database });
    try {
      const response = await down.anonymous().get('/api/health');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'unavailable', database: 'unreachable' });
    } finally {
      await down.close();
      await database.close();
    }
  });

  it('reports the database as reachable while it is open and unreachable once it is closed', async () => {
    const { database, drop } = await openTestDatabase();
    const server = await startTestServer({ database });
    try {
      const signedIn = await server.user();
      expect((await server.anonymous().get('/api/health')).status).toBe(200);
      await database.close();
      for (const client of [server.anonymous(), signedIn]) {
        const response = await client.get('/api/health');
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ status: 'unavailable', database: 'unreachable' });
      }
    } finally {
      await server.close();
      await drop();
    }
  });
});
