import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { TestClient } from '../test/http-client';
import { openLiveEvents } from '../test/live-events';
import { startLoreProcess, type LoreProcess } from '../test/lore-process';
import { tokenOf } from '../test/mailbox';
import { testEngine } from '../test/test-database';

let lore: LoreProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  lore?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

// The process's own embedded database; the PostgreSQL run covers processes in two-processes.test.ts.
describe.skipIf(testEngine === 'postgres')('stopping Lore', () => {
  it('ends its live streams at once, so it stops cleanly without waiting for them', { timeout: 600_000 }, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-shutdown-'));
    lore = startLoreProcess({ port: await freePort(), dataDir });
    await lore.ready();
    const browser = new TestClient(lore.baseUrl);
    const email = 'streamer@example.com';
    expect((await browser.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' })).status).toBe(
      200,
    );
    await lore.waitFor('/auth/callback?token=');
    const link = lore.output().match(/https?:\/\/[^\s"\\]+\/auth\/callback\?token=[^\s"\\]+/)![0];
    expect((await browser.post('/api/redeemLoginLink', { token: tokenOf(link) })).status).toBe(200);

    const streams = await Promise.all([openLiveEvents(browser), openLiveEvents(browser)]);
    for (const stream of streams) await stream.next((event) => event.event === 'ready');
    expect(await lore.stop()).toBe(0);
    // Finished by Lore, not cut when the HTTP server gave up waiting for them.
    expect(await Promise.all(streams.map((stream) => stream.whenEnded()))).toEqual(['cleanly', 'cleanly']);
    expect(lore.output()).toContain('Stopped cleanly');
  });
});
