import fs from 'node:fs';
import path from 'node:path';

/** Who holds the lock: a pid, and when that process started (where the system tells). */
interface LockHolder {
  pid: number;
  startTime?: string;
}

/**
 * PGlite has no lock of its own, and two processes writing one data folder
 * corrupt it. A lock file naming our process keeps a second Lore out; a lock
 * whose process no longer runs is taken over. The file records the process's
 * start time next to its pid, so a pid that a crashed Lore left behind and
 * another program got since is not mistaken for a running Lore.
 */
export function lockDataFolder(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'lore.lock');
  const self: LockHolder = { pid: process.pid, startTime: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(self), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && holder.pid !== process.pid && isRunning(holder)) {
        throw new Error(
          `The data folder ${path.resolve(dataDir)} is in use by another Lore process (pid ${holder.pid}). ` +
            'Stop that process first, or set DATA_DIR to another folder.',
          { cause: error },
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${path.resolve(dataDir)}`);
}

/**
 * When a process started, in clock ticks since boot (field 22 of /proc/<pid>/stat):
 * a pid and its start time name one process for as long as the machine runs.
 * Undefined where there is no /proc (macOS, Windows) or the process is gone.
 */
export function processStartTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2, the command name, is in parentheses and may itself hold spaces and ')'.
  const fromField3 = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fromField3[22 - 3];
}

/** The lock file's holder; undefined when the file is gone or unreadable (a crash while writing it). */
function readHolder(lockPath: string): LockHolder | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8').trim();
  } catch {
    return undefined;
  }
  // Lore before start times were recorded wrote the bare pid.
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const { pid, startTime } = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(pid)) return { pid: pid!, startTime: typeof startTime === 'string' ? startTime : undefined };
  } catch {
    // Falls through: not a lock Lore wrote completely.
  }
  return undefined;
}

function isRunning(holder: LockHolder): boolean {
  if (!pidExists(holder.pid)) return false;
  const startTime = processStartTime(holder.pid);
  // Without both start times, the pid is all there is to go on.
  return !holder.startTime || !startTime || startTime === holder.startTime;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
