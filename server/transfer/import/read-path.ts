import fs from 'node:fs/promises';
import path from 'node:path';
import {
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FILES,
} from '../../../common/transfer';
import { AppError, payloadTooLarge } from '../../errors';
import type { ImportEntry } from './sources';

/**
 * The files of an import from the disk: a folder's files by their path inside it,
 * or one file (a zip, say) by its name. Stops at the import's limits while walking,
 * so a huge folder is not read into memory first.
 */
export async function readImportPath(target: string): Promise<ImportEntry[]> {
  const stat = await fs.stat(target);
  if (!stat.isDirectory()) return [{ path: path.basename(target), data: new Uint8Array(await fs.readFile(target)) }];
  const entries: ImportEntry[] = [];
  let bytes = 0;
  const walk = async (folder: string) => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        await walk(full);
      } else if (entry.isFile()) {
        if (entries.length >= MAX_IMPORT_FILES)
          throw new AppError(400, 'too_many_files', IMPORT_TOO_MANY_FILES_MESSAGE);
        const data = new Uint8Array(await fs.readFile(full));
        bytes += data.length;
        if (bytes > MAX_IMPORT_BYTES) throw payloadTooLarge(IMPORT_TOO_LARGE_MESSAGE);
        entries.push({ path: path.relative(target, full).split(path.sep).join('/'), data });
      }
    }
  };
  await walk(target);
  return entries;
}
