import path from 'node:path';
import type { Env } from '../env';
import { localFileStore, type FileStore } from './file-store';
import { s3FileStore } from './s3-file-store';

/** The store the settings ask for: the S3 bucket when S3_BUCKET is set, else the folder `DATA_DIR/files`. */
export function fileStoreFromEnv(env: Env): FileStore {
  if (!env.S3_BUCKET) return localFileStore(path.join(env.DATA_DIR, 'files'));
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_REGION: region } = env;
  // loadEnv refuses these missing; an Env made some other way is caught here.
  if (!accessKeyId || !secretAccessKey || !region) throw new Error('S3 storage needs its keys and region');
  return s3FileStore({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
