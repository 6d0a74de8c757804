import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { S3Settings } from '../storage/s3-file-store';
import { freePort } from './free-port';

/** s3rver's built-in key pair. */
const ACCESS_KEY = 'S3RVER';

/**
 * Runs s3rver until its parent goes away (stdin closes). Its listing pages are
 * tokens enciphered with DES, which Node's OpenSSL 3 offers only with the
 * legacy provider: so it runs in a process of its own, the tests' stays as is.
 */
const SERVE = `
const [s3rver, address, port, directory, bucket] = process.argv.slice(1);
const S3rver = require(s3rver);
new S3rver({ address, port: Number(port), directory, silent: true, configureBuckets: [{ name: bucket }] })
  .run()
  .then(() => process.stdout.write('ready\\n'), (error) => { console.error(error); process.exit(1); });
process.stdin.on('end', () => process.exit(0)).resume();
`;

/**
 * A real S3-protocol server (s3rver, in a child process) on a free port,
 * keeping its objects in a temporary folder, with one empty bucket. Close it in afterAll.
 */
export async function startS3Server(bucket = 'lore-files') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-s3-'));
  const port = await freePort();
  const s3rver = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', SERVE, s3rver, '127.0.0.1', String(port), directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`s3rver stopped before it was ready (exit code ${code})`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
  };
  // The tests' own view of the bucket, independent of the store under test.
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });

  return {
    endpoint,
    bucket,
    settings,
    /** The settings that make Lore keep its files here. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    /** Every key in the bucket under `prefix`, sorted. */
    async keys(prefix = ''): Promise<string[]> {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const { Key } of page.Contents ?? []) if (Key) keys.push(Key);
      }
      return keys.sort();
    },
    /** Whether the bucket holds `key`. */
    async has(key: string): Promise<boolean> {
      return client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
        () => true,
        (error: { $metadata?: { httpStatusCode?: number } }) => {
          if (error.$metadata?.httpStatusCode === 404) return false;
          throw error;
        },
      );
    },
    /** Writes `key` straight into the bucket, past Lore's store and its checks. */
    async put(key: string, body: Uint8Array) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    /**
     * Makes every object in the bucket `ms` older, as if that time had passed: s3rver
     * answers an object's LastModified from the modification time of its file.
     */
    ageObjects(ms: number) {
      const when = new Date(Date.now() - ms);
      const files = fs.readdirSync(path.join(directory, bucket), { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => name.endsWith('._S3rver_object'))) {
        fs.utimesSync(path.join(directory, bucket, file), when, when);
      }
    },
    async close() {
      client.destroy();
      child.stdin.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
