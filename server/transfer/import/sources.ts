import path from 'node:path';
import { unzip, type Unzipped } from 'fflate';
import {
  IMPORT_EMPTY_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FILES,
} from '../../../common/transfer';
import { AppError, badRequest, payloadTooLarge } from '../../errors';

/** One file of an import, by its path in the folder or zip it came in (forward slashes, no `..`). */
export interface ImportEntry {
  path: string;
  data: Uint8Array;
}

const tooLarge = () => payloadTooLarge(IMPORT_TOO_LARGE_MESSAGE);
const tooMany = () => new AppError(400, 'too_many_files', IMPORT_TOO_MANY_FILES_MESSAGE);

/** A path made safe and comparable: forward slashes, no leading `./` or `/`, no `..`; null for files to pass over. */
export function cleanPath(raw: string): string | null {
  const normal = path.posix.normalize(raw.replace(/\\/g, '/')).replace(/^(\.\/|\/)+/, '');
  if (!normal || normal === '.' || normal.startsWith('../') || normal === '..') return null;
  const parts = normal.split('/');
  // Zips made on macOS carry resource forks; folders carry .DS_Store and friends.
  if (parts.some((part) => part === '__MACOSX' || part.startsWith('.'))) return null;
  return normal;
}

/**
 * The files of an import: those sent, with every zip among them unpacked in its
 * place (its files under the zip's name without `.zip`, or at the top when the
 * zip came alone). Refuses more than MAX_IMPORT_FILES files or MAX_IMPORT_BYTES
 * bytes, counting what the zips hold, before unpacking them.
 */
export async function collectEntries(
  sent: ImportEntry[],
  limits: { maxFiles: number; maxBytes: number } = { maxFiles: MAX_IMPORT_FILES, maxBytes: MAX_IMPORT_BYTES },
): Promise<ImportEntry[]> {
  if (sent.length === 0) throw badRequest(IMPORT_EMPTY_MESSAGE, 'empty_import');
  let bytes = 0;
  let count = 0;
  const entries: ImportEntry[] = [];
  for (const file of sent) {
    const clean = cleanPath(file.path);
    if (!clean) continue;
    if (!/\.zip$/i.test(clean)) {
      bytes += file.data.length;
      count += 1;
      if (count > limits.maxFiles) throw tooMany();
      if (bytes > limits.maxBytes) throw tooLarge();
      entries.push({ path: clean, data: file.data });
      continue;
    }
    const prefix = sent.length === 1 ? '' : `${clean.replace(/\.zip$/i, '')}/`;
    const unpacked = await unpack(file.data, (size) => {
      bytes += size;
      count += 1;
      if (count > limits.maxFiles) throw tooMany();
      if (bytes > limits.maxBytes) throw tooLarge();
    });
    for (const [name, data] of Object.entries(unpacked)) {
      const inner = cleanPath(`${prefix}${name}`);
      if (inner && !name.endsWith('/')) entries.push({ path: inner, data });
    }
  }
  return entries;
}

/** A zip's files; `count(size)` sees each file's unpacked size before it is unpacked and may throw. */
function unpack(data: Uint8Array, count: (size: number) => void): Promise<Unzipped> {
  return new Promise((resolve, reject) => {
    try {
      unzip(
        data,
        {
          filter: (file) => {
            if (file.name.endsWith('/') || !cleanPath(file.name)) return false;
            count(file.originalSize);
            return true;
          },
        },
        (error, files) => (error ? reject(badRequest('A zip file could not be read', 'invalid_zip')) : resolve(files)),
      );
    } catch (error) {
      reject(error instanceof AppError ? error : badRequest('A zip file could not be read', 'invalid_zip'));
    }
  });
}
