import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataFolder, processStartTime } from './data-folder-lock';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-lock-'));
  tempDirs.push(dir);
  return dir;
};
afterEach(() => tempDirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const writeLock = (dir: string, content: string) => fs.writeFileSync(path.join(dir, 'lore.lock'), content);
const readLock = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'lore.lock'), 'utf8'));
const hasProc = fs.existsSync(`/proc/${process.pid}/stat`);

// The test runner's parent stands in for another process: it runs, and it is not this one.
describe('lockDataFolder', () => {
  it('records its pid and start time, and releases the lock', () => {
    const dir = tempDir();
    const release = lockDataFolder(dir);
    expect(readLock(dir)).toEqual({ pid: process.pid, startTime: processStartTime(process.pid) });
    release();
    expect(fs.existsSync(path.join(dir, 'lore.lock'))).toBe(false);
  });

  it('refuses a lock whose process runs and started when the lock says', () => {
    const dir = tempDir();
    writeLock(dir, JSON.stringify({ pid: process.ppid, startTime: processStartTime(process.ppid) }));
    expect(() => lockDataFolder(dir)).toThrow(
      `The data folder ${dir} is in use by another Lore process (pid ${process.ppid}). Stop that process first, or set DATA_DIR to another folder.`,
    );
  });

  it.skipIf(!hasProc)('takes over a lock whose pid now belongs to a process that started at another time', () => {
    const dir = tempDir();
    const otherStart = String(Number(processStartTime(process.ppid)) + 1);
    writeLock(dir, JSON.stringify({ pid: process.ppid, startTime: otherStart }));
    lockDataFolder(dir);
    expect(readLock(dir)).toEqual({ pid: process.pid, startTime: processStartTime(process.pid) });
  });

  it('takes over a lock whose process is gone', () => {
    const dir = tempDir();
    writeLock(dir, JSON.stringify({ pid: 999_999_999, startTime: '1' }));
    lockDataFolder(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it('goes by the pid alone when the lock has no start time (no /proc, or an older Lore)', () => {
    const running = tempDir();
    writeLock(running, String(process.ppid));
    expect(() => lockDataFolder(running)).toThrow(`in use by another Lore process (pid ${process.ppid})`);
    const gone = tempDir();
    writeLock(gone, '999999999');
    lockDataFolder(gone);
    expect(readLock(gone).pid).toBe(process.pid);
  });

  it('takes over a lock a crash left empty', () => {
    const dir = tempDir();
    writeLock(dir, '');
    lockDataFolder(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });
});

describe.skipIf(!hasProc)('processStartTime', () => {
  it('reads clock ticks since boot, later for a later process, and nothing for a gone one', () => {
    const own = Number(processStartTime(process.pid));
    expect(Number.isInteger(own) && own > 0).toBe(true);
    expect(Number(processStartTime(process.ppid))).toBeLessThanOrEqual(own);
    expect(processStartTime(999_999_999)).toBeUndefined();
  });
});
