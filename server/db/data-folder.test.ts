import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { keepDataFolderPrivate } from './data-folder';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-data-'));
  tempDirs.push(dir);
  return dir;
};
const modeOf = (entry: string) => (fs.statSync(entry).mode & 0o7777).toString(8);

/** Every entry under `dir` (itself included) that group or others may use, with its mode. */
function notPrivate(dir: string): string[] {
  const entries = [dir, ...fs.readdirSync(dir, { recursive: true }).map((name) => path.join(dir, String(name)))];
  return entries.filter((entry) => fs.lstatSync(entry).mode & 0o077).map((entry) => `${entry} ${modeOf(entry)}`);
}

// Lore is usually started under umask 022, which makes new files readable by everyone.
let umaskBefore: number;
beforeEach(() => {
  umaskBefore = process.umask(0o022);
});
afterEach(() => {
  process.umask(umaskBefore);
  tempDirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

describe.skipIf(process.platform === 'win32')('keepDataFolderPrivate', () => {
  it('makes folders 0700 and files 0600 at any depth', () => {
    const dir = tempDir();
    const folders = ['', 'pglite', 'pglite/base', 'pglite/base/1'];
    const files = { 'pglite/base/1/1259': 0o666, 'pglite/PG_VERSION': 0o644, 'auth-secret': 0o777 };
    fs.mkdirSync(path.join(dir, 'pglite', 'base', '1'), { recursive: true });
    folders.forEach((folder) => fs.chmodSync(path.join(dir, folder), 0o777));
    // Written, then chmod-ed: the umask would take bits off a mode given at creation.
    for (const [file, mode] of Object.entries(files)) {
      fs.writeFileSync(path.join(dir, file), 'x');
      fs.chmodSync(path.join(dir, file), mode);
    }

    keepDataFolderPrivate(dir);

    expect(folders.map((folder) => modeOf(path.join(dir, folder)))).toEqual(['700', '700', '700', '700']);
    expect(Object.keys(files).map((file) => modeOf(path.join(dir, file)))).toEqual(['600', '600', '600']);
  });

  it('creates a missing data folder private, and what is created in it later too', () => {
    const dir = path.join(tempDir(), 'data');
    keepDataFolderPrivate(dir);
    fs.mkdirSync(path.join(dir, 'files', 'account'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'files', 'account', 'image.png'), 'png');
    expect(notPrivate(dir)).toEqual([]);
  });

  it('keeps the files PGlite creates private when openDatabase opens it', { timeout: 240_000 }, async () => {
    const dir = tempDir();
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    await sql`create table notes (body text)`.execute(database.db);
    await sql`insert into notes select repeat('x', 1000) from generate_series(1, 1000)`.execute(database.db);
    await sql`checkpoint`.execute(database.db);
    await database.close();
    // Each start writes some files again (the relation cache), so open it a second time.
    const reopened = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    await sql`select count(*) from notes`.execute(reopened.db);
    await reopened.close();
    expect(fs.readdirSync(dir, { recursive: true }).length).toBeGreaterThan(100);
    expect(notPrivate(dir)).toEqual([]);
  });

  // Only root can give a file to another user, so only a root run can set this up.
  it.skipIf(process.geteuid?.() !== 0)('refuses, naming the path, an entry that belongs to another user', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'files'));
    const foreign = path.join(dir, 'files', 'planted.png');
    fs.writeFileSync(foreign, 'png');
    fs.chownSync(foreign, 65534, 65534);
    expect(() => keepDataFolderPrivate(dir)).toThrow(
      `The data folder must be private to Lore's user, but ${foreign} cannot be made so: it belongs to user 65534, and Lore runs as user 0.`,
    );
  });
});
