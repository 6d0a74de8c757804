import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

let plain: TestServer;
let secure: TestServer;

beforeAll(async () => {
  // The same server, once reached over http and once behind an https address (as behind a TLS proxy).
  [plain, secure] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { BASE_URL: 'https://lore.example.com' } }),
  ]);
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
