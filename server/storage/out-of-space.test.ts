import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DatabaseError } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KNOWLEDGE_IMAGES_BUCKET } from '../../common/files';
import { createItem, sampleImages, uploadFile } from '../test/knowledge-factory';
import { startS3Server } from '../test/s3-server';
import { startTestServer, type TestServer } from '../test/test-server';
import { localFileStore } from './file-store';
import { isOutOfSpace, oncePerEpisode, OUT_OF_SPACE_MESSAGE, STORAGE_REFUSED_MESSAGE } from './out-of-space';
import { s3FileStore } from './s3-file-store';

// The same on both databases (a full disk for files): npm test runs it on PGlite only.

const systemError = (code: string, message = `${code}: failed, write`) => Object.assign(new Error(message), { code });
const pgError = (code: string, message = 'failed') => Object.assign(new DatabaseError(message, 0, 'error'), { code });

describe('isOutOfSpace', () => {
  it('knows a full disk, a quota, and PostgreSQL out of room, however wrapped', () => {
    expect(isOutOfSpace(systemError('ENOSPC'))).toBe(true);
    expect(isOutOfSpace(systemError('EDQUOT'))).toBe(true);
    expect(isOutOfSpace(pgError('53100', 'could not extend file "base/16384/2619": No space left on device'))).toBe(
      true,
    );
    expect(isOutOfSpace(new Error('could not extend file "base/1/2": wrote only 4096 of 8192 bytes'))).toBe(true);
    expect(isOutOfSpace(new Error('Failed to save', { cause: systemError('ENOSPC') }))).toBe(true);
  });

  it('leaves other failures alone', () => {
    for (const error of [systemError('ENOENT'), systemError('EACCES'), pgError('23505'), pgError('57014')])
      expect(isOutOfSpace(error)).toBe(false);
    expect(isOutOfSpace('ENOSPC')).toBe(false);
  });

  it('logs the first failure of an episode only', () => {
    const log = vi.fn();
    const once = oncePerEpisode(log);
    for (let i = 0; i < 5; i++) once(systemError('ENOSPC'));
    expect(log).toHaveBeenCalledTimes(1);
  });
});

/** A 2 MB tmpfs mounted on a new folder; undefined where mounting is not permitted (not root, a container). */
function mountTinyDisk(): string | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-tiny-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

function unmount(dir: string) {
  execFileSync('umount', [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Whether this machine lets the tests mount a tmpfs: tried once, and undone. */
const canMount = (() => {
  const dir = mountTinyDisk();
  if (dir) unmount(dir);
  return dir !== undefined;
})();

/** Fills what is left of the disk at `dir` with one file; answers its path. */
function fill(dir: string) {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

describe.skipIf(!canMount)('a full DATA_DIR (a 2 MB tmpfs; skipped where mount is not permitted)', () => {
  let lore: TestServer;
  let disk: string | undefined;
  beforeAll(async () => {
    disk = mountTinyDisk();
    lore = await startTestServer({ env: { DATA_DIR: disk! } });
  });
  afterAll(async () => {
    await lore?.close();
    if (disk) unmount(disk);
  });

  it('the folder store leaves no half-written file when the disk fills midway', async () => {
    const store = localFileStore(path.join(disk!, 'store-test'));
    const accountId = crypto.randomUUID();
    const filePath = `${accountId}/${crypto.randomUUID()}.png`;
    await expect(store.put(KNOWLEDGE_IMAGES_BUCKET, filePath, new Uint8Array(4 * 1024 * 1024))).rejects.toSatisfy(
      isOutOfSpace,
    );
    expect(await store.listFolder(KNOWLEDGE_IMAGES_BUCKET, accountId)).toEqual([]);
  });

  it('answers uploads 507 with a message while full, harms nothing stored, logs the cause once, and recovers', async () => {
    const { id, owner } = await lore.account();
    const upload = () =>
      uploadFile(owner, `/api/accounts/${id}/knowledge-images`, sampleImages.png, 'a.png', 'image/png');
    const before = await upload();
    expect(before.status).toBe(201);
    const logged = vi.spyOn(lore.deps.logger, 'error');

    const filler = fill(disk!);
    try {
      for (let i = 0; i < 3; i++) {
        const refused = await upload();
        expect([refused.status, refused.body]).toEqual([507, { error: OUT_OF_SPACE_MESSAGE, code: 'out_of_space' }]);
      }
      const outOfSpaceLines = logged.mock.calls.filter(([, message]) => String(message).startsWith('Out of space'));
      expect(outOfSpaceLines).toHaveLength(1);
      expect(isOutOfSpace((outOfSpaceLines[0]![0] as { err: unknown }).err)).toBe(true);
      // What was stored before is served whole.
      const served = await owner.get(before.body.data.url);
      expect(served.status).toBe(200);
    } finally {
      fs.rmSync(filler);
      logged.mockRestore();
    }
    expect((await upload()).status).toBe(201);
  });
});

describe('a database out of space (disk_full, SQLSTATE 53100, raised by PostgreSQL itself)', () => {
  let lore: TestServer;
  beforeAll(async () => {
    lore = await startTestServer();
  });
  afterAll(() => lore?.close());

  it('answers a save 507 with the message, keeps what was stored, and saves again once there is room', async () => {
    const { id, owner } = await lore.account();
    const kept = await createItem(owner, id, { title: 'Kept', content: '<p>Kept</p>' });
    // What PostgreSQL raises when it cannot extend a table's file, for this save only.
    await sql`CREATE FUNCTION lore_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.title = 'No room' THEN
          RAISE EXCEPTION 'could not extend file "base/16384/16999": No space left on device' USING ERRCODE = 'disk_full';
        END IF;
        RETURN NEW;
      END $$`.execute(lore.db);
    await sql`CREATE TRIGGER lore_test_disk_full BEFORE INSERT OR UPDATE ON knowledge
      FOR EACH ROW EXECUTE FUNCTION lore_test_disk_full()`.execute(lore.db);
    try {
      const refused = await owner.post(`/api/accounts/${id}/knowledge`, { title: 'No room', content: '<p>x</p>' });
      expect([refused.status, refused.body]).toEqual([507, { error: OUT_OF_SPACE_MESSAGE, code: 'out_of_space' }]);
      const edit = await owner.patch(`/api/accounts/${id}/knowledge/${kept.id}`, { title: 'No room' });
      expect(edit.status).toBe(507);
    } finally {
      await sql`DROP TRIGGER lore_test_disk_full ON knowledge`.execute(lore.db);
      await sql`DROP FUNCTION lore_test_disk_full()`.execute(lore.db);
    }
    const stored = await owner.get(`/api/accounts/${id}/knowledge/${kept.short_id}`);
    expect(stored.body.data).toMatchObject({ title: 'Kept', content: '<p>Kept</p>' });
    expect(
      (await owner.post(`/api/accounts/${id}/knowledge`, { title: 'Room again', content: '<p>x</p>' })).status,
    ).toBe(201);
  });
});

describe('an S3 bucket that refuses writes', () => {
  // Started in a hook, whose limit is for a start on a loaded machine, not in the test's minute.
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let lore: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
    lore = await startTestServer({ env: { ...s3.env, S3_ACCESS_KEY_ID: 'NOBODY' } });
  });
  afterAll(async () => {
    await lore?.close();
    await s3?.close();
  });

  it('answers 503 with a message and a Retry-After, through the store and through an upload', async () => {
    const refusing = s3FileStore({ ...s3.settings, accessKeyId: 'NOBODY' });
    const filePath = `${crypto.randomUUID()}/${crypto.randomUUID()}.png`;
    await expect(refusing.put(KNOWLEDGE_IMAGES_BUCKET, filePath, sampleImages.png)).rejects.toMatchObject({
      status: 503,
      code: 'storage_unavailable',
      message: STORAGE_REFUSED_MESSAGE,
    });
    const { id, owner } = await lore.account();
    const refused = await uploadFile(
      owner,
      `/api/accounts/${id}/knowledge-images`,
      sampleImages.png,
      'a.png',
      'image/png',
    );
    expect([refused.status, refused.body]).toEqual([
      503,
      { error: STORAGE_REFUSED_MESSAGE, code: 'storage_unavailable' },
    ]);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await s3.keys()).toEqual([]);
  });
});
