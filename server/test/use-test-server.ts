import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/**
 * The test file's Lore: started before its first test, closed after its last. Read it
 * inside tests and hooks (hooks registered after this call run after it has started).
 */
export function useTestServer(options?: Parameters<typeof startTestServer>[0]): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(() => server?.close());
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!server) throw new Error('The test server starts before the first test: read it inside a test or a hook');
      const value: unknown = Reflect.get(server, key);
      return typeof value === 'function' ? value.bind(server) : value;
    },
  });
}
