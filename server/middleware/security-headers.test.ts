import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOverHttpAndHttps, type TestServer } from '../test/test-server';

// The same on both databases (the headers of every answer): npm test runs it on PGlite only.

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
  it('carries the security headers', async () => {
    for (const path of ['/api/health', '/api/nothing-here', '/']) {
      const { headers } = await plain.anonymous().get(path);
      expect(headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });
});
