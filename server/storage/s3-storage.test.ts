import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '../data/jobs';
import { IMAGE_GRACE_MS, SWEEP_IMAGES } from '../jobs/clean-up-images';
import { createItem, sampleImages, uploadFile } from '../test/knowledge-factory';
import { makePdf, uploadPdf } from '../test/pdf-factory';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { startTestServer, type SignedInClient, type TestServer } from '../test/test-server';

// The same on both databases (files kept in an S3 bucket): npm test runs it on PGlite only.

/** Lore configured with an S3 bucket (s3rver), end to end: uploads, linking, serving, deletion and clean-up. */
let s3: S3TestServer;
let lore: TestServer;
let owner: SignedInClient;
let stranger: SignedInClient;
let accountId: string;

beforeAll(async () => {
  s3 = await startS3Server();
  lore = await startTestServer({ env: s3.env });
});
afterAll(async () => {
  await lore?.close();
  await s3?.close();
});
beforeEach(async () => {
  const [mine, theirs] = await Promise.all([lore.account(), lore.account()]);
  [accountId, owner, stranger] = [mine.id, mine.owner, theirs.owner];
});

const SENTENCE = 'The copper orrery is stored behind the chart room bookcase.';
const cookieOf = (client: SignedInClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const fetchAs = (client: SignedInClient | undefined, url: string) =>
  fetch(new URL(url, lore.baseUrl), { headers: client ? { cookie: cookieOf(client) } : {} });
const itemPath = (id: string) => `/api/accounts/${accountId}/knowledge/${id}`;

async function uploadImage() {
  const response = await uploadFile(
    owner,
    `/api/accounts/${accountId}/knowledge-images`,
    sampleImages.png,
    'a.png',
    'image/png',
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { path: string; url: string };
}

async function uploadAndLinkPdf(knowledgeId: string) {
  const uploaded = await uploadPdf(
    owner,
    accountId,
    { bytes: makePdf([['Chart room', SENTENCE]]), name: 'Chart room.pdf' },
    sampleImages.png,
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const pdf = uploaded.body.data as { path: string; url: string; thumbnailPath: string; thumbnailUrl: string };
  const linked = await owner.post('/api/linkKnowledgePdf', {
    knowledgeId,
    accountId,
    pdfPath: pdf.path,
    pdfFilename: 'Chart room.pdf',
    thumbnailPath: pdf.thumbnailPath,
    thumbnailDataUrl: '',
    extractedText: '',
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  return pdf;
}

/** An item showing an image and a linked PDF, saved as the editor saves it. */
async function itemWithFiles() {
  const image = await uploadImage();
  const item = await createItem(owner, accountId, {
    title: 'Chart room',
    content: `<p>Plans.</p><img src="${image.url}" data-path="${image.path}">`,
  });
  const pdf = await uploadAndLinkPdf(item.id);
  const content = `${item.content}<div data-type="pdf-viewer" data-src="${pdf.url}" data-filename="Chart room.pdf" data-width="612" data-height="792"></div>`;
  expect((await owner.patch(itemPath(item.id), { content })).status).toBe(200);
  return { item, image, pdf };
}

/**
 * Lets the grace period of every file stored so far run out. The bucket's files
 * are made older rather than Lore's clock moved on: s3rver runs in its own
 * process, and would refuse requests signed a day ahead of its clock.
 */
function afterGracePeriod() {
  s3.ageObjects(IMAGE_GRACE_MS + 60_000);
}

async function sweep() {
  await enqueueJob(lore.db, { kind: SWEEP_IMAGES, key: 'all' });
  await lore.jobs.runUntilIdle();
}

describe('Lore with its files in an S3 bucket', () => {
  it('keeps uploads in the bucket under {bucket}/{account}/, and nothing in the data folder', async () => {
    expect(lore.deps.files.where).toBe(`the S3 bucket ${s3.bucket} at ${new URL(s3.endpoint).host}`);
    const { image, pdf } = await itemWithFiles();
    expect(await s3.keys(`knowledge-images/${accountId}/`)).toEqual([`knowledge-images/${image.path}`]);
    expect(await s3.keys(`knowledge-pdfs/${accountId}/`)).toEqual(
      [`knowledge-pdfs/${pdf.path}`, `knowledge-pdfs/${pdf.thumbnailPath}`].sort(),
    );
    expect(fs.existsSync(path.join(lore.deps.env.DATA_DIR, 'files'))).toBe(false);
  });

  it('serves an image through /api/secureImage to members only', async () => {
    const image = await uploadImage();
    const served = await fetchAs(owner, image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe(String(sampleImages.png.length));
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(sampleImages.png);
    expect((await fetchAs(stranger, image.url)).status).toBe(404);
    expect((await fetchAs(undefined, image.url)).status).toBe(401);
  });

  it('links a PDF read back from the bucket, finds its text, and serves it as a sandboxed download', async () => {
    const { item, pdf } = await itemWithFiles();
    // Its text is read by the read_pdf job, from the bucket (decision 28).
    await lore.jobs.runUntilIdle();
    const row = await lore.db
      .selectFrom('knowledge_pdfs')
      .select(['text', 'filename'])
      .where('knowledge_id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ filename: 'Chart room.pdf' });
    expect(row.text).toContain(SENTENCE);
    const found = await owner.get(`/api/accounts/${accountId}/knowledge?search=${encodeURIComponent('copper orrery')}`);
    expect(found.body.data.items.map((entry: { id: string }) => entry.id)).toEqual([item.id]);

    const served = await fetchAs(owner, pdf.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toContain('filename="Chart room.pdf"');
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(new TextDecoder().decode(await served.arrayBuffer())).toContain('%PDF-1.4');
    const thumbnail = await fetchAs(owner, pdf.thumbnailUrl);
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await fetchAs(stranger, pdf.url)).status).toBe(404);
    expect((await fetchAs(stranger, pdf.thumbnailUrl)).status).toBe(404);
  });

  it('streams a large PDF from the bucket whole, byte for byte', async () => {
    // Many chunks of the S3 answer: the type is judged on the first bytes, and every chunk follows.
    const large = new Uint8Array(4 * 1024 * 1024);
    crypto.randomFillSync(large);
    large.set(new TextEncoder().encode('%PDF-1.7\n'));
    const filePath = `${accountId}/${crypto.randomUUID()}.pdf`;
    await s3.put(`knowledge-pdfs/${filePath}`, large);
    const served = await fetchAs(owner, `/api/secureImage?bucket=knowledge-pdfs&path=${encodeURIComponent(filePath)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-length')).toBe(String(large.length));
    const body = new Uint8Array(await served.arrayBuffer());
    expect(body.length).toBe(large.length);
    expect(Buffer.compare(body, large)).toBe(0);
  });

  it('answers 404 for a file the bucket does not hold', async () => {
    const missing = `/api/secureImage?bucket=knowledge-images&path=${accountId}%2F${crypto.randomUUID()}.png`;
    const response = await owner.get(missing);
    expect([response.status, response.body.error]).toEqual([404, 'File not found']);
  });

  it("removes a deleted item's image, PDF and thumbnail from the bucket with the clean-up", async () => {
    const { item, image, pdf } = await itemWithFiles();
    const other = await itemWithFiles();
    expect((await owner.delete(itemPath(item.id))).status).toBe(204);
    await lore.jobs.runUntilIdle();
    expect(await s3.has(`knowledge-pdfs/${pdf.path}`)).toBe(true);

    afterGracePeriod();
    await sweep();
    const keys = [
      `knowledge-images/${image.path}`,
      `knowledge-pdfs/${pdf.path}`,
      `knowledge-pdfs/${pdf.thumbnailPath}`,
    ];
    for (const key of keys) expect(await s3.has(key), key).toBe(false);
    // The other item's files are still shown, so they stay.
    expect(await s3.has(`knowledge-images/${other.image.path}`)).toBe(true);
    expect(await s3.has(`knowledge-pdfs/${other.pdf.path}`)).toBe(true);
    expect((await fetchAs(owner, other.pdf.url)).status).toBe(200);
  });

  it('has the sweep remove uploads never saved once their grace is over, and not before', async () => {
    const unsaved = await uploadImage();
    await sweep();
    expect(await s3.has(`knowledge-images/${unsaved.path}`)).toBe(true);
    afterGracePeriod();
    await sweep();
    expect(await s3.has(`knowledge-images/${unsaved.path}`)).toBe(false);
  });

  it("removes a deleted workspace's folders from the bucket at once", async () => {
    await itemWithFiles();
    await uploadImage();
    expect((await owner.delete(`/api/accounts/${accountId}`)).status).toBe(204);
    await lore.jobs.runUntilIdle();
    expect(await s3.keys(`knowledge-images/${accountId}/`)).toEqual([]);
    expect(await s3.keys(`knowledge-pdfs/${accountId}/`)).toEqual([]);
  });
});
