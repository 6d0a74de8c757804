import fs from 'node:fs/promises';
import path from 'node:path';

import { BUCKETS, STORED_PATH, type Bucket } from '../../common/files';
import { UUID_PATTERN } from '../../common/knowledge';

/** A stored file as a listing shows it. */
export interface StoredFile {
  path: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files live. The local folder is the default; an S3-compatible
 * store can implement the same calls (a folder is a key prefix there).
 */
export interface FileStore {
  put(bucket: Bucket, filePath: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(bucket: Bucket, filePath: string): Promise<Uint8Array | null>;
  /** Removes files; missing ones are ignored. */
  remove(bucket: Bucket, filePaths: string[]): Promise<void>;
  /** The account folders of a bucket (their names are account ids). */
  listFolders(bucket: Bucket): Promise<string[]>;
  /** The files in an account's folder; none when it has no folder. */
  listFolder(bucket: Bucket, folder: string): Promise<StoredFile[]>;
  /** Removes an account's folder with everything in it; a missing one is ignored. */
  removeFolder(bucket: Bucket, folder: string): Promise<void>;
}

/** Files under `root/{bucket}/{path}` on the local disk. */
export function localFileStore(root: string): FileStore {
  const refuse = (bucket: Bucket, filePath: string) => new Error(`Refused storage path ${bucket}/${filePath}`);
  const bucketFolder = (bucket: Bucket) => {
    if (!BUCKETS.includes(bucket)) throw refuse(bucket, '');
    return path.resolve(root, bucket);
  };
  const resolve = (bucket: Bucket, filePath: string) => {
    if (!STORED_PATH.test(filePath)) throw refuse(bucket, filePath);
    const full = path.resolve(bucketFolder(bucket), filePath);
    if (!full.startsWith(bucketFolder(bucket) + path.sep)) throw refuse(bucket, filePath);
    return full;
  };
  const resolveFolder = (bucket: Bucket, folder: string) => {
    if (!UUID_PATTERN.test(folder)) throw refuse(bucket, folder);
    return path.join(bucketFolder(bucket), folder);
  };
  /** A folder's entries, none when it does not exist. */
  const entries = (folder: string) =>
    fs.readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });

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
    async listFolders(bucket) {
      const found = await entries(bucketFolder(bucket));
      return found.filter((entry) => entry.isDirectory() && UUID_PATTERN.test(entry.name)).map((entry) => entry.name);
    },
    async listFolder(bucket, folder) {
      const full = resolveFolder(bucket, folder);
      const files: StoredFile[] = [];
      for (const entry of await entries(full)) {
        const filePath = `${folder}/${entry.name}`;
        if (!entry.isFile() || !STORED_PATH.test(filePath)) continue;
        // A file removed since the listing is simply not there any more.
        const stat = await fs.stat(path.join(full, entry.name)).catch(() => undefined);
        if (stat) files.push({ path: filePath, modifiedAt: stat.mtime });
      }
      return files;
    },
    async removeFolder(bucket, folder) {
      await fs.rm(resolveFolder(bucket, folder), { recursive: true, force: true });
    },
  };
}
