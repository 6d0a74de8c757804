import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy } from '../test/tcp-proxy';
import { openTestDatabase, testEngine } from '../test/test-database';
import { listenOnPostgres } from './notifications';

describe.skipIf(testEngine !== 'postgres')('listening on PostgreSQL', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    databaseUrl = opened.url!;
    drop = async () => {
      await opened.drop();
    };
  });
  afterAll(() => drop?.());

  it('a first connection that fails is refused to the caller, and nothing keeps trying behind it', async () => {
    const proxy = await startTcpProxy(new URL(databaseUrl));
    proxy.refuse(true);
    const errors: Error[] = [];
    await expect(listenOnPostgres(proxy.url, (error) => errors.push(error))('lore_test', () => {})).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(proxy.attempts()).toBe(1);
    expect(errors).toEqual([]);
    await proxy.close();
  });

  it('a lost connection is tried again once per delay (1 s, 2 s...), not in multiplying chains, and calls back once back', async () => {
    const proxy = await startTcpProxy(new URL(databaseUrl));
    let calls = 0;
    const stop = await listenOnPostgres(proxy.url)('lore_test', () => calls++);
    expect(proxy.attempts()).toBe(1);
    proxy.refuse(true);
    // Lost at 0: tries at 1 s and 3 s (1 + 2) fail; the next would be at 8 s.
    await expect.poll(() => proxy.attempts(), { timeout: 6_000 }).toBe(3);
    proxy.refuse(false);
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(1);
    expect(proxy.attempts()).toBe(4);
    await stop();
    await proxy.close();
  }, 20_000);
});
