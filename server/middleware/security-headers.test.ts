import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOverHttpAndHttps, type TestServer } from '../test/test-server';

let plain: TestServer;
let secure: TestServer;

beforeAll(async () => {
  [plain, secure] = await startOverHttpAndHttps();
});
afterAll(() => Promise.all([plain.close(), secure.close()]));

describe('Strict-Transport-Security', () => {
  it('is not sent when BASE_URL is plain http', async () => {
    for (const path of ['/api/health', '/api/nothing-here']) {
      const { headers } = await plain.anonymous().get(path);
      expect(headers.get('strict-transport-security')).toBeNull();
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('is sent when BASE_URL is https', async () => {
    for (const path of ['/api/health', '/api/nothing-here']) {
      const { headers } = await secure.anonymous().get(path);
      expect(headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    }
  });
});

describe('every answer', () => {
  it('carries each header hono/secure-headers sets by default (written out once, so JSON answers are made whole)', async () => {
    const library = await new Hono()
      .use(secureHeaders())
      .get('/', (c) => c.body(null))
      .request('/');
    const names = [...library.headers.keys()];
    expect(names).toContain('x-frame-options');
    for (const [lore, path] of [
      [plain, '/api/health'], // JSON, made whole
      [plain, '/api/nothing-here'], // Hono's answer, finished after the route
      [secure, '/api/health'],
    ] as const) {
      const { headers } = await lore.anonymous().get(path);
      for (const name of names) {
        // HSTS only over https (above).
        if (name === 'strict-transport-security' && lore === plain) continue;
        expect(headers.get(name), `${name} on ${path}`).not.toBeNull();
      }
    }
  });
});
