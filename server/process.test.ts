import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { signInThroughLog, startLoreProcess, type LoreProcess } from './test/lore-process';
import { testEngine } from './test/test-database';

/** The real Lore process, as `npm start` runs it: start-up, the private data folder and its lock, graceful shutdown. */
const running: LoreProcess[] = [];
const dataDirs: string[] = [];
afterEach(() => {
  running.splice(0).forEach((lore) => lore.kill());
  dataDirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

function newDataDir() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-process-'));
  dataDirs.push(dataDir);
  return dataDir;
}

function startLore(dataDir: string, port: number, env?: Record<string, string>) {
  const lore = startLoreProcess({ port, dataDir, env });
  running.push(lore);
  return lore;
}

// The embedded database is what the lock and the shutdown protect; the PostgreSQL run skips this.
describe.skipIf(testEngine === 'postgres')('the Lore process', () => {
  it(
    'takes over a stale lock, keeps its data folder private, refuses a second process on it, stops cleanly on SIGTERM and keeps its data',
    { timeout: 600_000 },
    async () => {
      const dataDir = newDataDir();
      fs.chmodSync(dataDir, 0o777);
      // Left by a crashed Lore whose pid this test runner has since got: started at another time.
      fs.writeFileSync(path.join(dataDir, 'lore.lock'), JSON.stringify({ pid: process.pid, startTime: '1' }));
      const port = await freePort();
      const first = startLore(dataDir, port);
      await first.ready();
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'reachable' });

      const browser = await signInThroughLog(first, 'keeper@example.com');
      const account = (await browser.post('/api/accounts', { name: 'Survives restarts' })).body.data;
      const item = await browser.post(`/api/accounts/${account.id}/knowledge`, {
        title: 'Written before the restart',
        content: '<p>Still here</p>',
      });
      expect(item.status).toBe(201);
      const shared = [
        dataDir,
        ...fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).map((name) => path.join(dataDir, name)),
      ]
        .filter((entry) => fs.lstatSync(entry).mode & 0o077)
        .map((entry) => `${entry} ${(fs.lstatSync(entry).mode & 0o777).toString(8)}`);
      expect(shared, 'the data folder is private to Lore').toEqual([]);

      const second = startLore(dataDir, await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`is in use by another Lore process (pid ${first.child.pid})`);

      expect(await first.stop()).toBe(0);
      expect(first.output()).toContain('Stopped cleanly');
      expect(fs.existsSync(path.join(dataDir, 'lore.lock'))).toBe(false);

      const again = startLore(dataDir, port);
      await again.ready();
      const me = await browser.get('/api/me');
      expect([me.status, me.body.data?.email]).toEqual([200, 'keeper@example.com']);
      expect((await browser.get('/api/accounts')).body.data).toEqual([
        expect.objectContaining({ id: account.id, name: 'Survives restarts' }),
      ]);
      const read = await browser.get(`/api/accounts/${account.id}/knowledge/${item.body.data.short_id}`);
      expect(read.body.data).toMatchObject({ title: 'Written before the restart', content: '<p>Still here</p>' });
      expect(await again.stop()).toBe(0);
    },
  );

  it('lists every configuration problem and exits', async () => {
    const lore = startLore(newDataDir(), await freePort(), { PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await lore.exited).toBe(1);
    const output = lore.output();
    expect(output).toContain('Lore cannot start; fix the configuration');
    expect(output).toContain('PORT');
    expect(output).toContain('DATABASE_URL must start with postgres://');
  });
});
