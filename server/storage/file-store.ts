import fs from 'node:fs/promises';
import path from 'node:path';

import { BUCKETS, STORED_PATH, type Bucket } from '../../common/files';

/**
 * Where uploaded files live. The local folder is the default; an S3-compatible
 * store can implement the same three calls.
 */
export interface FileStore {
  put(bucket: Bucket, filePath: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(bucket: Bucket, filePath: string): Promise<Uint8Array | null>;
  /** Removes files; missing ones are ignored. */
  remove(bucket: Bucket, filePaths: string[]): Promise<void>;
}

/** Files under `root/{bucket}/{path}` on the local disk. */
export function localFileStore(root: string): FileStore {
  const resolve = (bucket: Bucket, filePath: string) => {
    if (!BUCKETS.includes(bucket) || !STORED_PATH.test(filePath))
      throw new Error(`Refused storage path ${bucket}/${filePath}`);
    const full = path.resolve(root, bucket, filePath);
    if (!full.startsWith(path.resolve(root, bucket) + path.sep))
      throw new Error(`Refused storage path ${bucket}/${filePath}`);
    return full;
  };
  return {
    async put(bucket, filePath, data) {
      const full = resolve(bucket, filePath);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, data, { flag: 'wx' });
    },
    async get(bucket, filePath) {
      try {
        return new Uint8Array(await fs.readFile(resolve(bucket, filePath)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(bucket, filePaths) {
      await Promise.all(filePaths.map((filePath) => fs.rm(resolve(bucket, filePath), { force: true })));
    },
  };
}
