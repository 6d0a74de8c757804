import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';

import { STORED_PATH } from '../../common/files';
import { UUID_PATTERN } from '../../common/knowledge';
import {
  FileExistsError,
  checkedBucket,
  storageFolder,
  storageKey,
  type FileStore,
  type StoredFile,
} from './file-store';
import { outOfSpace, storageRefused } from './out-of-space';

/** How to reach the S3 bucket (from the S3_ settings, server/env.ts). */
export interface S3Settings {
  /** An S3-compatible server's address; unset for Amazon S3. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** S3 answers at most 1,000 keys per listing and deletes at most 1,000 per request. */
const MAX_KEYS = 1000;

/** The store's answer said the key (or the bucket) is not there. */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** The store refused a conditional write because the key exists (`If-None-Match: *`). */
const isTaken = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'PreconditionFailed' || error.$metadata.httpStatusCode === 412);

/** The store has no room left: 507 Insufficient Storage, or MinIO's XMinioStorageFull. */
const isFull = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 507 || /StorageFull|InsufficientStorage/i.test(error.name));

/**
 * Files in one S3 bucket, each under the key `{bucket}/{accountId}/{name}.{ext}`:
 * Lore's buckets are key prefixes, an account's folder the prefix below (decision 18).
 * `pageSize` is how many keys one listing or delete request takes; only tests make it smaller.
 */
export function s3FileStore(settings: S3Settings, options: { pageSize?: number } = {}): FileStore {
  const pageSize = Math.min(options.pageSize ?? MAX_KEYS, MAX_KEYS);
  const Bucket = settings.bucket;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Many S3-compatible servers do not know the SDK's newer default checksums; send one only where S3 requires it.
    ...(settings.endpoint && {
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    // A store that stops answering fails the request instead of holding it forever.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
  });
  const endpoint = settings.endpoint ? new URL(settings.endpoint).host : `Amazon S3 (${settings.region})`;

  /** Every key under a prefix, a page at a time (with `delimiter`, the pages' common prefixes too). */
  const pages = (Prefix: string, Delimiter?: string) =>
    paginateListObjectsV2({ client, pageSize }, { Bucket, Prefix, Delimiter });

  async function deleteKeys(keys: string[]) {
    for (let start = 0; start < keys.length; start += pageSize) {
      const batch = keys.slice(start, start + pageSize);
      const { Errors: errors = [] } = await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      if (errors.length > 0) {
        const [first] = errors;
        throw new Error(
          `S3 did not remove ${errors.length} files, e.g. ${first?.Key}: ${first?.Code} ${first?.Message}`,
        );
      }
    }
  }

  async function exists(Key: string) {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async function getObject(Key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    where: `the S3 bucket ${Bucket} at ${endpoint}`,
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const why =
          status === 404
            ? 'it does not exist'
            : status === 403 || status === 401
              ? 'access is denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
              : (error as Error).message || (error as Error).name;
        throw new Error(`Cannot use the S3 bucket ${Bucket} at ${endpoint}: ${why}`, { cause: error });
      }
    },
    async put(bucket, filePath, data) {
      const Key = storageKey(bucket, filePath);
      try {
        // If-None-Match makes the refusal atomic on stores with conditional writes (Amazon S3, MinIO, R2, ...);
        // the look before it refuses on stores that ignore the header, except for a write racing this one.
        if (await exists(Key)) throw new FileExistsError(bucket, filePath);
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.byteLength, IfNoneMatch: '*' }),
        );
      } catch (error) {
        if (error instanceof FileExistsError || isTaken(error)) throw new FileExistsError(bucket, filePath);
        // A bucket that is full, refuses the key, or cannot be reached: the upload is told so, with a status.
        throw isFull(error) ? outOfSpace(error) : storageRefused(error);
      }
    },
    async get(bucket, filePath) {
      const object = await getObject(storageKey(bucket, filePath));
      return object?.Body ? object.Body.transformToByteArray() : null;
    },
    async stream(bucket, filePath) {
      const object = await getObject(storageKey(bucket, filePath));
      if (!object?.Body) return null;
      return { size: object.ContentLength ?? 0, body: object.Body.transformToWebStream() };
    },
    async remove(bucket, filePaths) {
      await deleteKeys([...new Set(filePaths.map((filePath) => storageKey(bucket, filePath)))]);
    },
    async listFolders(bucket) {
      const prefix = `${checkedBucket(bucket)}/`;
      const folders: string[] = [];
      for await (const page of pages(prefix, '/')) {
        for (const { Prefix: folder = '' } of page.CommonPrefixes ?? []) {
          const name = folder.slice(prefix.length, -1);
          if (UUID_PATTERN.test(name)) folders.push(name);
        }
      }
      return folders;
    },
    async listFolder(bucket, folder) {
      const prefix = `${storageFolder(bucket, folder)}/`;
      const files: StoredFile[] = [];
      for await (const page of pages(prefix)) {
        for (const { Key = '', LastModified } of page.Contents ?? []) {
          const filePath = `${folder}/${Key.slice(prefix.length)}`;
          if (STORED_PATH.test(filePath) && LastModified) files.push({ path: filePath, modifiedAt: LastModified });
        }
      }
      return files;
    },
    async removeFolder(bucket, folder) {
      // Everything under the prefix goes, as with the local folder; each page is deleted as it is listed.
      for await (const page of pages(`${storageFolder(bucket, folder)}/`)) {
        await deleteKeys((page.Contents ?? []).flatMap(({ Key }) => (Key ? [Key] : [])));
      }
    },
  };
}
