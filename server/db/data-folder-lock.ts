import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own, and two processes writing one data folder
 * corrupt it. A lock file holding our pid keeps a second Lore out; a lock left
 * by a process that no longer runs is taken over.
 */
export function lockDataFolder(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'lore.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `The data folder ${path.resolve(dataDir)} is in use by another Lore process (pid ${holder}). ` +
            'Stop that process first, or set DATA_DIR to another folder.',
          { cause: error },
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${path.resolve(dataDir)}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
