import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, type Bucket } from '../../common/files';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { FileExistsError, localFileStore, type FileStore } from './file-store';
import { s3FileStore } from './s3-file-store';

/** A store under test, and a way to write a key into it past the store's checks. */
interface Subject {
  store: FileStore;
  putRaw(key: string, data: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** How many keys the S3 store lists or deletes per request here: small, so five files take three pages. */
const PAGE_SIZE = 2;

const subjects: Array<[string, () => Promise<Subject>]> = [
  [
    'the local folder',
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-files-'));
      return {
        store: localFileStore(root),
        async putRaw(key, data) {
          fs.mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
          fs.writeFileSync(path.join(root, key), data);
        },
        close: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'an S3 bucket',
    async () => {
      const s3 = await startS3Server();
      return {
        store: s3FileStore(s3.settings, { pageSize: PAGE_SIZE }),
        putRaw: (key, data) => s3.put(key, data),
        close: () => s3.close(),
      };
    },
  ],
];

const IMAGES: Bucket = 'knowledge-images';
const PDFS: Bucket = 'knowledge-pdfs';
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | null) => (data ? new TextDecoder().decode(data) : null);
async function readAll(stream: ReadableStream<Uint8Array>) {
  return text(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** A path in a new account's folder. */
const newPath = (ext = 'png', folder: string = crypto.randomUUID()) => `${folder}/${crypto.randomUUID()}.${ext}`;

describe.each(subjects)('a file store in %s', (_name, open) => {
  let subject: Subject;
  let store: FileStore;
  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(() => subject.close());

  it('is ready, and says where it keeps files', async () => {
    await expect(store.ready()).resolves.toBeUndefined();
    expect(store.where).toMatch(/folder|S3 bucket/);
  });

  it('gives back what was put, whole and as a stream', async () => {
    const filePath = newPath();
    await store.put(IMAGES, filePath, bytes('the image bytes'));
    expect(text(await store.get(IMAGES, filePath))).toBe('the image bytes');
    const file = await store.stream(IMAGES, filePath);
    expect(file?.size).toBe('the image bytes'.length);
    expect(await readAll(file!.body)).toBe('the image bytes');
    // Buckets are apart: the same path in another bucket is another file.
    expect(await store.get(PDFS, filePath)).toBeNull();
  });

  it('answers null for a file that is not there', async () => {
    expect(await store.get(IMAGES, newPath())).toBeNull();
    expect(await store.stream(IMAGES, newPath())).toBeNull();
  });

  it('never replaces a stored file', async () => {
    const filePath = newPath();
    await store.put(IMAGES, filePath, bytes('first'));
    const again = store.put(IMAGES, filePath, bytes('second'));
    await expect(again).rejects.toThrow(FileExistsError);
    await expect(again).rejects.toThrow(`A file is already stored at knowledge-images/${filePath}`);
    expect(text(await store.get(IMAGES, filePath))).toBe('first');
  });

  it('refuses paths that could leave their account folder, and buckets that are not Lore’s', async () => {
    const account = crypto.randomUUID();
    const badPaths = [
      `../${account}/a.png`,
      `${account}/../../etc/passwd.txt`,
      `${account}/sub/a.png`,
      `/${account}/a.png`,
      `${account}/a.png/`,
      'not-an-account/a.png',
      `${account}/.png`,
      `${account}/a`,
      '',
    ];
    for (const filePath of badPaths) {
      await expect(store.put(IMAGES, filePath, bytes('x')), filePath).rejects.toThrow(/^Refused storage path/);
      await expect(store.get(IMAGES, filePath), filePath).rejects.toThrow(/^Refused storage path/);
      await expect(store.stream(IMAGES, filePath), filePath).rejects.toThrow(/^Refused storage path/);
      await expect(store.remove(IMAGES, [filePath]), filePath).rejects.toThrow(/^Refused storage path/);
    }
    const otherBucket = 'secrets' as Bucket;
    await expect(store.put(otherBucket, newPath(), bytes('x'))).rejects.toThrow(/^Refused storage path/);
    await expect(store.listFolders(otherBucket)).rejects.toThrow(/^Refused storage path/);
    for (const folder of ['..', `${account}/..`, 'avatars', '', `${account}/`]) {
      await expect(store.listFolder(IMAGES, folder), folder).rejects.toThrow(/^Refused storage path/);
      await expect(store.removeFolder(IMAGES, folder), folder).rejects.toThrow(/^Refused storage path/);
    }
    // One bad path refuses the whole removal before anything goes.
    const kept = newPath();
    await store.put(IMAGES, kept, bytes('kept'));
    await expect(store.remove(IMAGES, [kept, '../x.png'])).rejects.toThrow(/^Refused storage path/);
    expect(text(await store.get(IMAGES, kept))).toBe('kept');
  });

  it('removes the files named, ignores missing ones and leaves the rest', async () => {
    const folder = crypto.randomUUID();
    const [first, second, kept] = [newPath('png', folder), newPath('jpg', folder), newPath('gif', folder)];
    for (const filePath of [first, second, kept]) await store.put(IMAGES, filePath, bytes(filePath));
    await store.remove(IMAGES, [first, second, newPath('png', folder), first]);
    await store.remove(IMAGES, []);
    expect(await store.get(IMAGES, first)).toBeNull();
    expect(await store.get(IMAGES, second)).toBeNull();
    expect(text(await store.get(IMAGES, kept))).toBe(kept);
  });

  it('removes more files at once than one request takes', async () => {
    const folder = crypto.randomUUID();
    const filePaths = Array.from({ length: PAGE_SIZE * 2 + 1 }, () => newPath('webp', folder));
    for (const filePath of filePaths) await store.put(PDFS, filePath, bytes('x'));
    await store.remove(PDFS, filePaths);
    expect(await store.listFolder(PDFS, folder)).toEqual([]);
  });

  it('lists the account folders of one bucket', async () => {
    const [images, pdfs] = [crypto.randomUUID(), crypto.randomUUID()];
    await store.put(IMAGES, newPath('png', images), bytes('x'));
    await store.put(PDFS, newPath('pdf', pdfs), bytes('x'));
    // Something that is not an account's folder is not listed.
    await subject.putRaw(`${IMAGES}/stray/file.png`, bytes('x'));

    const imageFolders = await store.listFolders(IMAGES);
    expect(imageFolders).toContain(images);
    expect(imageFolders).not.toContain(pdfs);
    expect(imageFolders).not.toContain('stray');
    expect(await store.listFolders(PDFS)).toContain(pdfs);
    expect(await store.listFolders('avatars')).not.toContain(images);
  });

  it("lists an account folder's files with when they were stored, page after page", async () => {
    const folder = crypto.randomUUID();
    const before = Date.now();
    const filePaths = Array.from({ length: PAGE_SIZE * 2 + 1 }, () => newPath('png', folder));
    for (const filePath of filePaths) await store.put(IMAGES, filePath, bytes('x'));
    await store.put(IMAGES, newPath('png'), bytes('another account'));
    // Not a stored file's path: listed by neither store.
    await subject.putRaw(`${IMAGES}/${folder}/nested/file.png`, bytes('x'));
    await subject.putRaw(`${IMAGES}/${folder}/no-extension`, bytes('x'));

    const listed = await store.listFolder(IMAGES, folder);
    expect(listed.map((file) => file.path).sort()).toEqual([...filePaths].sort());
    for (const { modifiedAt } of listed) {
      // Second precision on S3 (LastModified), and a little clock leeway.
      expect(modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
    expect(await store.listFolder(IMAGES, crypto.randomUUID())).toEqual([]);
  });

  it("removes an account's folder with everything in it, and nothing else", async () => {
    const [gone, kept] = [crypto.randomUUID(), crypto.randomUUID()];
    const goneFiles = Array.from({ length: PAGE_SIZE * 2 + 1 }, () => newPath('png', gone));
    for (const filePath of goneFiles) await store.put(IMAGES, filePath, bytes('x'));
    await subject.putRaw(`${IMAGES}/${gone}/nested/file.png`, bytes('x'));
    const [keptImage, samePdfFolder] = [newPath('png', kept), newPath('pdf', gone)];
    await store.put(IMAGES, keptImage, bytes('x'));
    await store.put(PDFS, samePdfFolder, bytes('x'));

    await store.removeFolder(IMAGES, gone);
    expect(await store.listFolders(IMAGES)).not.toContain(gone);
    for (const filePath of goneFiles) expect(await store.get(IMAGES, filePath)).toBeNull();
    expect(await store.get(IMAGES, keptImage)).not.toBeNull();
    expect(await store.get(PDFS, samePdfFolder)).not.toBeNull();
    // A folder that is not there is no error.
    await store.removeFolder(IMAGES, gone);
    await store.removeFolder(IMAGES, crypto.randomUUID());
  });

  it('serves every bucket Lore has', async () => {
    for (const bucket of BUCKETS) {
      const filePath = newPath();
      await store.put(bucket, filePath, bytes(bucket));
      expect(text(await store.get(bucket, filePath))).toBe(bucket);
    }
  });
});

describe('the S3 store', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('keeps each file under {bucket}/{account}/{name} in the one S3 bucket', async () => {
    const store = s3FileStore(s3.settings);
    const filePath = newPath('pdf');
    await store.put(PDFS, filePath, bytes('%PDF-'));
    expect(await s3.keys(`${PDFS}/`)).toContain(`${PDFS}/${filePath}`);
    expect(store.where).toBe(`the S3 bucket ${s3.bucket} at ${new URL(s3.endpoint).host}`);
  });

  it('says clearly when the bucket is missing or the keys are wrong', async () => {
    await expect(s3FileStore({ ...s3.settings, bucket: 'no-such-bucket' }).ready()).rejects.toThrow(
      `Cannot use the S3 bucket no-such-bucket at ${new URL(s3.endpoint).host}: it does not exist`,
    );
    // s3rver knows its access key ids but does not check signatures, so the key id is what is wrong here.
    await expect(s3FileStore({ ...s3.settings, accessKeyId: 'someone-else' }).ready()).rejects.toThrow(
      /access is denied \(check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY\)$/,
    );
  });
});
