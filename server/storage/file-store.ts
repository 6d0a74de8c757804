import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

import { BUCKETS, STORED_PATH, type Bucket } from '../../common/files';
import { UUID_PATTERN } from '../../common/knowledge';

/** A stored file as a listing shows it. */
export interface StoredFile {
  path: string;
  modifiedAt: Date;
}

/** A stored file being read: its size, and its bytes as they arrive. */
export interface FileStream {
  size: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * Where uploaded files live: a local folder by default, or an S3-compatible
 * store (s3-file-store.ts, decision 18). Both keep a file under
 * `{bucket}/{accountId}/{name}.{ext}` and refuse any other path.
 */
export interface FileStore {
  /** What the start-up log says about where files are (never a secret). */
  readonly where: string;
  /** Fails, saying why, when the store cannot be used; Lore checks it before it starts serving. */
  ready(): Promise<void>;
  /** Stores a new file; refuses (FileExistsError) to replace one. */
  put(bucket: Bucket, filePath: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(bucket: Bucket, filePath: string): Promise<Uint8Array | null>;
  /** The file as a stream, or null when there is none: large PDFs are served without holding them in memory. */
  stream(bucket: Bucket, filePath: string): Promise<FileStream | null>;
  /** Removes files; missing ones are ignored. */
  remove(bucket: Bucket, filePaths: string[]): Promise<void>;
  /** The account folders of a bucket (their names are account ids). */
  listFolders(bucket: Bucket): Promise<string[]>;
  /** The files in an account's folder; none when it has no folder. */
  listFolder(bucket: Bucket, folder: string): Promise<StoredFile[]>;
  /** Removes an account's folder with everything in it; a missing one is ignored. */
  removeFolder(bucket: Bucket, folder: string): Promise<void>;
}

/** Thrown by `put` when the path already holds a file: stored files are never replaced. */
export class FileExistsError extends Error {
  constructor(bucket: Bucket, filePath: string) {
    super(`A file is already stored at ${bucket}/${filePath}`);
  }
}

const refused = (bucket: string, filePath: string) => new Error(`Refused storage path ${bucket}/${filePath}`);

/** The bucket, if it is one of Lore's; throws otherwise. */
export function checkedBucket(bucket: Bucket): Bucket {
  if (!BUCKETS.includes(bucket)) throw refused(bucket, '');
  return bucket;
}

/** `{bucket}/{accountId}/{name}.{ext}`, the file's place in every store; throws for a path that could leave its account's folder. */
export function storageKey(bucket: Bucket, filePath: string): string {
  if (!STORED_PATH.test(filePath)) throw refused(bucket, filePath);
  return `${checkedBucket(bucket)}/${filePath}`;
}

/** `{bucket}/{accountId}`, an account's folder in every store; throws unless the folder is an account id. */
export function storageFolder(bucket: Bucket, folder: string): string {
  if (!UUID_PATTERN.test(folder)) throw refused(bucket, folder);
  return `${checkedBucket(bucket)}/${folder}`;
}

/** Files under `root/{bucket}/{path}` on the local disk. */
export function localFileStore(root: string): FileStore {
  const resolve = (bucket: Bucket, filePath: string) => path.join(root, storageKey(bucket, filePath));
  /** A folder's entries, none when it does not exist. */
  const entries = (folder: string) =>
    fs.readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    where: `the folder ${path.resolve(root)}`,
    async ready() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
    async put(bucket, filePath, data) {
      const full = resolve(bucket, filePath);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, data, { flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') throw new FileExistsError(bucket, filePath);
        // A write that failed midway (a full disk) leaves no half-written file behind.
        await fs.rm(full, { force: true }).catch(() => {});
        throw error;
      });
    },
    async get(bucket, filePath) {
      try {
        return new Uint8Array(await fs.readFile(resolve(bucket, filePath)));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stream(bucket, filePath) {
      const file = await fs.open(resolve(bucket, filePath)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      if (!file) return null;
      try {
        const { size } = await file.stat();
        // The stream closes the file when it ends, fails or is cancelled.
        return { size, body: Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array> };
      } catch (error) {
        await file.close();
        throw error;
      }
    },
    async remove(bucket, filePaths) {
      await Promise.all(filePaths.map((filePath) => fs.rm(resolve(bucket, filePath), { force: true })));
    },
    async listFolders(bucket) {
      const found = await entries(path.join(root, checkedBucket(bucket)));
      return found.filter((entry) => entry.isDirectory() && UUID_PATTERN.test(entry.name)).map((entry) => entry.name);
    },
    async listFolder(bucket, folder) {
      const full = path.join(root, storageFolder(bucket, folder));
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
      await fs.rm(path.join(root, storageFolder(bucket, folder)), { recursive: true, force: true });
    },
  };
}
