import fs from 'node:fs';
import path from 'node:path';

const privateFolderMode = 0o700;
const privateFileMode = 0o600;

/**
 * The data folder holds the embedded database, uploads and the auth secret, so
 * only Lore's user may read or write it. Sets the process umask so the files
 * Lore creates from now on are private, then makes what is already there
 * private (folders 0700, files 0600). Throws, naming the path, when an entry
 * belongs to another user or its mode cannot be changed.
 */
export function keepDataFolderPrivate(dataDir: string): void {
  // Windows has no Unix modes; its folder permissions are inherited ACLs.
  if (process.platform === 'win32') return;
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true });
  makePrivate(path.resolve(dataDir), fs.statSync(dataDir), process.geteuid!());
}

function makePrivate(entry: string, stats: fs.Stats, uid: number): void {
  // A link's own mode means nothing, and following it could leave the folder.
  if (stats.isSymbolicLink()) return;
  if (stats.uid !== uid) {
    throw notPrivate(entry, `it belongs to user ${stats.uid}, and Lore runs as user ${uid}`);
  }
  const wanted = stats.isDirectory() ? privateFolderMode : privateFileMode;
  if ((stats.mode & 0o7777) !== wanted) {
    try {
      fs.chmodSync(entry, wanted);
    } catch (error) {
      if (isGone(error)) return;
      throw notPrivate(entry, (error as Error).message, error);
    }
    // Some filesystems (FAT, some network shares) accept chmod and ignore it.
    const mode = (ifPresent(() => fs.lstatSync(entry))?.mode ?? wanted) & 0o7777;
    if (mode !== wanted) throw notPrivate(entry, `its mode stays ${mode.toString(8)} after chmod`);
  }
  if (!stats.isDirectory()) return;
  for (const name of ifPresent(() => fs.readdirSync(entry)) ?? []) {
    const child = path.join(entry, name);
    const childStats = ifPresent(() => fs.lstatSync(child));
    if (childStats) makePrivate(child, childStats, uid);
  }
}

function notPrivate(entry: string, reason: string, cause?: unknown): Error {
  return new Error(
    `The data folder must be private to Lore's user, but ${entry} cannot be made so: ${reason}. ` +
      'Give the data folder and everything in it to the user Lore runs as (chown -R), or set DATA_DIR to another folder.',
    { cause },
  );
}

/** Files may vanish while we walk (the database removes its temporary files): undefined then. */
function ifPresent<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
