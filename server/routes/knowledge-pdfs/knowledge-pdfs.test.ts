import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueJob } from '../../data/jobs';
import { CLEAN_UP_IMAGES, IMAGE_GRACE_MS } from '../../jobs/clean-up-images';
import type { KnowledgeSummaryDto } from '../../../common/knowledge';
import { readEventStream } from '../../test/event-stream';
import { openLiveEvents, type LiveEvents } from '../../test/live-events';
import { createItem, sampleImages } from '../../test/knowledge-factory';
import { makePdf, uploadPdf } from '../../test/pdf-factory';
import type { TestClient } from '../../test/http-client';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let owner: SignedInClient;
let outsider: SignedInClient;
let accountId: string;
let outsiderAccountId: string;

const SECRET_SENTENCE = 'The brass astrolabe is kept in the north vestry cupboard.';
const pdfBytes = () => makePdf([['Harbour manual', SECRET_SENTENCE], ['Second page of the manual']]);

beforeEach(async () => {
  const [mine, theirs] = await Promise.all([lore.account(), lore.account()]);
  [accountId, owner, outsider, outsiderAccountId] = [mine.id, mine.owner, theirs.owner, theirs.id];
});
afterEach(() => {
  vi.useRealTimers();
});
const opened: LiveEvents[] = [];
afterAll(() => opened.forEach((stream) => stream.close()));

type Uploaded = { path: string; url: string; thumbnailPath: string; thumbnailUrl: string; filename: string };

async function upload(client = owner, account = accountId, bytes = pdfBytes(), name = 'Manual.pdf') {
  const response = await uploadPdf(client, account, { bytes, name }, sampleImages.png);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Uploaded;
}
const viewerBlock = (pdf: Uploaded) =>
  `<div data-type="pdf-viewer" data-src="${pdf.url}" data-filename="${pdf.filename}" data-width="612" data-height="792"></div>`;
const linkBody = (knowledgeId: string, pdf: Uploaded, extra: Record<string, unknown> = {}) => ({
  knowledgeId,
  accountId,
  pdfPath: pdf.path,
  pdfFilename: pdf.filename,
  thumbnailPath: pdf.thumbnailPath,
  thumbnailDataUrl: '',
  extractedText: '',
  ...extra,
});
const link = (client: TestClient, body: unknown) => client.post('/api/linkKnowledgePdf', body);
const filesRoot = () => path.join(lore.deps.env.DATA_DIR, 'files', 'knowledge-pdfs');
const stored = (filePath: string) => fs.existsSync(path.join(filesRoot(), filePath));
const cookieOf = (client: SignedInClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** An item showing the PDF, saved and linked as the editor does it, and the PDF read by its job. */
async function itemWithPdf(title = 'Harbour manual') {
  const pdf = await upload();
  const item = await createItem(owner, accountId, { title, content: `<p>See the manual.</p>${viewerBlock(pdf)}` });
  const linked = await link(owner, linkBody(item.id, pdf));
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  await lore.jobs.runUntilIdle();
  return { pdf, item, id: linked.body.knowledge_pdf_id as string };
}

const pdfRow = (id: string) =>
  lore.db.selectFrom('knowledge_pdfs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const readJobOf = (id: string) =>
  lore.db.selectFrom('jobs').selectAll().where('kind', '=', 'read_pdf').where('key', '=', id).executeTakeFirst();
const listed = async (itemId: string) =>
  ((await owner.get(`/api/accounts/${accountId}/knowledge`)).body.data.items as KnowledgeSummaryDto[]).find(
    (entry) => entry.id === itemId,
  )!;

describe('uploading a PDF', () => {
  it('stores the PDF and a WebP re-encoding of its thumbnail beside it, under the account', async () => {
    const pdf = await upload();
    expect(pdf.path).toMatch(new RegExp(`^${accountId}/[0-9a-f-]+\\.pdf$`));
    expect(pdf.thumbnailPath).toBe(pdf.path.replace(/\.pdf$/, '_thumb.webp'));
    expect(pdf.filename).toBe('Manual.pdf');
    const thumbnail = fs.readFileSync(path.join(filesRoot(), pdf.thumbnailPath));
    expect((await sharp(thumbnail).metadata()).format).toBe('webp');
    expect(stored(pdf.path)).toBe(true);
  });

  it('judges by content: text named .pdf is refused; a PDF header over garbage is kept but marked unreadable once read', async () => {
    const disguised = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const response = await uploadPdf(owner, accountId, { bytes: disguised, name: 'report.pdf' }, sampleImages.png);
    expect([response.status, response.body.error]).toEqual([415, 'Only PDF files can be attached']);

    const broken = new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF at all\n%%EOF');
    const pdf = await upload(owner, accountId, broken, 'report.pdf');
    const item = await createItem(owner, accountId, { title: 'Report', content: viewerBlock(pdf) });
    const linked = await link(owner, linkBody(item.id, pdf));
    expect(linked.status).toBe(201);
    await lore.jobs.runUntilIdle();
    expect(await pdfRow(linked.body.knowledge_pdf_id)).toMatchObject({ read_state: 'unreadable', text: '' });
    expect(await readJobOf(linked.body.knowledge_pdf_id)).toBeUndefined();
    expect((await listed(item.id)).pdf_processing).toBe(false);
  });

  it('refuses a thumbnail that is not an image', async () => {
    const response = await uploadPdf(owner, accountId, { bytes: pdfBytes() }, new TextEncoder().encode('<svg/>'));
    expect([response.status, response.body.error]).toEqual([415, 'The thumbnail must be an image']);
  });

  it('refuses a PDF over 50 MB', async () => {
    const huge = new Uint8Array(50 * 1024 * 1024 + 1024);
    huge.set(pdfBytes());
    const response = await uploadPdf(owner, accountId, { bytes: huge }, sampleImages.png);
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('PDFs must be at most 50 MB');
    expect(
      fs.existsSync(path.join(filesRoot(), accountId)) && fs.readdirSync(path.join(filesRoot(), accountId)),
    ).toBeFalsy();
  });

  it('refuses another account', async () => {
    const response = await uploadPdf(outsider, accountId, { bytes: pdfBytes() }, sampleImages.png);
    expect([response.status, response.body.error]).toEqual([404, 'Account not found']);
  });
});

describe('POST /api/linkKnowledgePdf', () => {
  it('attaches the PDF with the text the server read, and ignores the text the browser claims', async () => {
    const pdf = await upload();
    const item = await createItem(owner, accountId, { title: 'Manual', content: viewerBlock(pdf) });
    const response = await link(owner, linkBody(item.id, pdf, { extractedText: 'forged zeppelin words' }));
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['knowledge_pdf_id']);
    await lore.jobs.runUntilIdle();
    const row = await lore.db
      .selectFrom('knowledge_pdfs')
      .selectAll()
      .where('id', '=', response.body.knowledge_pdf_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      knowledge_id: item.id,
      account_id: accountId,
      pdf_path: pdf.path,
      filename: 'Manual.pdf',
    });
    expect(row.thumbnail_path).toBe(pdf.thumbnailPath);
    expect(row.text).toContain(SECRET_SENTENCE);
    expect(row.text).toContain('Second page of the manual');
    expect(row.text).not.toContain('zeppelin');
    const forged = await owner.get(`/api/accounts/${accountId}/knowledge?search=zeppelin`);
    expect(forged.body.data.items).toEqual([]);
    // Linking the same file again answers the same attachment.
    const again = await link(owner, linkBody(item.id, pdf));
    expect(again.body.knowledge_pdf_id).toBe(response.body.knowledge_pdf_id);
  });

  it('answers the upload and the link before reading the PDF, which a job then reads: found by search after, the card saying so meanwhile', async () => {
    const stream = await openLiveEvents(owner);
    opened.push(stream);
    await stream.next((event) => event.event === 'ready');
    // No job runs in this server until the test asks: the answers below come before any reading.
    const pdf = await upload();
    const item = await createItem(owner, accountId, { title: 'Manual', content: viewerBlock(pdf) });
    const linked = await link(owner, linkBody(item.id, pdf));
    expect(linked.status).toBe(201);
    const id = linked.body.knowledge_pdf_id as string;
    expect(await pdfRow(id)).toMatchObject({ read_state: 'reading', text: '' });
    expect((await readJobOf(id))?.state).toBe('pending');
    expect((await listed(item.id)).pdf_processing).toBe(true);
    const search = () => owner.get(`/api/accounts/${accountId}/knowledge?search=astrolabe`);
    expect((await search()).body.data.items).toEqual([]);
    // The page hears that the item changed: its PDF is being read.
    const reading = await stream.next((event) => event.data.rowId === item.id && event.data.op === 'update');

    await lore.jobs.runUntilIdle();
    expect(await pdfRow(id)).toMatchObject({ read_state: 'ready' });
    expect((await pdfRow(id)).text).toContain(SECRET_SENTENCE);
    expect((await listed(item.id)).pdf_processing).toBe(false);
    expect((await search()).body.data.items.map((entry: { id: string }) => entry.id)).toEqual([item.id]);
    // And again once it is read, so the card drops its "processing" and search finds it.
    await stream.next((event) => event.data.rowId === item.id && Number(event.id) > Number(reading.id));
  });

  it('keeps a PDF whose reading failed part-way "reading", its job queued again, and reads it on the next run', async () => {
    const pdf = await upload();
    const item = await createItem(owner, accountId, { title: 'Manual', content: viewerBlock(pdf) });
    const id = (await link(owner, linkBody(item.id, pdf))).body.knowledge_pdf_id as string;
    // The store fails while the job runs (as a crash would stop it): nothing is written, the job waits for its retry.
    const files = lore.deps.files;
    const original = files.get.bind(files);
    const get = vi
      .spyOn(files, 'get')
      .mockImplementation((bucket, filePath) =>
        filePath === pdf.path ? Promise.reject(new Error('The store is unreachable')) : original(bucket, filePath),
      );
    await lore.jobs.runUntilIdle();
    get.mockRestore();
    expect(await pdfRow(id)).toMatchObject({ read_state: 'reading', text: '' });
    expect(await readJobOf(id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await listed(item.id)).pdf_processing).toBe(true);
    await lore.db
      .updateTable('jobs')
      .set({ run_after: new Date(0) })
      .where('key', '=', id)
      .execute();
    await lore.jobs.runUntilIdle();
    expect((await pdfRow(id)).text).toContain(SECRET_SENTENCE);
    expect(await readJobOf(id)).toBeUndefined();
  });

  it('says "You must be logged in to link PDFs." to anyone not signed in', async () => {
    const pdf = await upload();
    const item = await createItem(owner, accountId, { title: 'Manual', content: '' });
    const response = await link(lore.anonymous(), linkBody(item.id, pdf));
    expect([response.status, response.body.error]).toEqual([401, 'You must be logged in to link PDFs.']);
  });

  it("refuses a stranger to the account, another account's item, and another account's files", async () => {
    const pdf = await upload();
    const item = await createItem(owner, accountId, { title: 'Manual', content: '' });
    const stranger = await link(outsider, linkBody(item.id, pdf));
    expect([stranger.status, stranger.body.error]).toEqual([404, 'Account not found']);

    const theirItem = await createItem(outsider, outsiderAccountId, { title: 'Theirs', content: '' });
    const otherItem = await link(owner, linkBody(theirItem.id, pdf));
    expect([otherItem.status, otherItem.body.error]).toEqual([404, 'Knowledge item not found']);

    // The outsider names the owner's PDF in a request about their own account and item.
    const theft = await link(outsider, {
      ...linkBody(theirItem.id, pdf),
      accountId: outsiderAccountId,
    });
    expect([theft.status, theft.body.error]).toEqual([404, 'The PDF was not found in this workspace']);
    expect(
      await lore.db.selectFrom('knowledge_pdfs').select('id').where('knowledge_id', '=', theirItem.id).execute(),
    ).toEqual([]);
  });

  it('refuses a missing file, a thumbnail not beside its PDF, and bad input, each with its message', async () => {
    const pdf = await upload();
    const item = await createItem(owner, accountId, { title: 'Manual', content: '' });
    const missing = `${accountId}/${crypto.randomUUID()}.pdf`;
    const gone = await link(
      owner,
      linkBody(item.id, pdf, { pdfPath: missing, thumbnailPath: missing.replace('.pdf', '_thumb.webp') }),
    );
    expect([gone.status, gone.body.error]).toEqual([404, 'The PDF was not found in this workspace']);
    const elsewhere = await link(owner, linkBody(item.id, pdf, { thumbnailPath: `${accountId}/other_thumb.webp` }));
    expect([elsewhere.status, elsewhere.body.error]).toEqual([400, 'The thumbnail must be stored beside its PDF']);
    const climbing = await link(owner, linkBody(item.id, pdf, { pdfPath: `${accountId}/../secrets.pdf` }));
    expect([climbing.status, climbing.body.error]).toEqual([400, 'pdfPath is not a stored file path']);
    const noAccount = await link(owner, { ...linkBody(item.id, pdf), accountId: undefined });
    expect([noAccount.status, noAccount.body.error]).toEqual([400, 'accountId is required']);
    const noName = await link(owner, linkBody(item.id, pdf, { pdfFilename: '  ' }));
    expect([noName.status, noName.body.error]).toEqual([400, 'pdfFilename is required']);
    const noItem = await link(owner, { ...linkBody(item.id, pdf), knowledgeId: undefined });
    expect([noItem.status, noItem.body.error]).toEqual([400, 'Knowledge ID is required']);
  });

  it('makes a missing thumbnail from the data URL, re-encoded, and refuses one that is not an image', async () => {
    const pdf = await upload();
    const item = await createItem(owner, accountId, { title: 'Manual', content: '' });
    fs.rmSync(path.join(filesRoot(), pdf.thumbnailPath));
    const fake = `data:image/webp;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    const refused = await link(owner, linkBody(item.id, pdf, { thumbnailDataUrl: fake }));
    expect([refused.status, refused.body.error]).toEqual([415, 'The thumbnail must be an image']);
    const none = await link(owner, linkBody(item.id, pdf));
    expect(none.status).toBe(404);
    const real = `data:image/png;base64,${Buffer.from(sampleImages.png).toString('base64')}`;
    const made = await link(owner, linkBody(item.id, pdf, { thumbnailDataUrl: real }));
    expect(made.status).toBe(201);
    const thumbnail = fs.readFileSync(path.join(filesRoot(), pdf.thumbnailPath));
    expect((await sharp(thumbnail).metadata()).format).toBe('webp');
  });
});

describe('a linked PDF', () => {
  it("shows its thumbnail on the item's card, the first PDF's when there are several", async () => {
    const { item, pdf } = await itemWithPdf();
    const second = await upload();
    expect((await link(owner, linkBody(item.id, second))).status).toBe(201);
    const list = await owner.get(`/api/accounts/${accountId}/knowledge`);
    const card = list.body.data.items.find((entry: { id: string }) => entry.id === item.id);
    expect(card.pdf_thumbnail_path).toBe(pdf.thumbnailPath);
    const plain = await createItem(owner, accountId, { title: 'No PDF', content: '<p>Words</p>' });
    const again = await owner.get(`/api/accounts/${accountId}/knowledge`);
    expect(again.body.data.items.find((entry: { id: string }) => entry.id === plain.id).pdf_thumbnail_path).toBeNull();
  });

  it('is served to members only, as a PDF download that cannot run script in Lore', async () => {
    const { pdf } = await itemWithPdf();
    const served = await fetch(new URL(pdf.url, lore.baseUrl), { headers: { cookie: cookieOf(owner) } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toContain('filename="Manual.pdf"');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdfBytes());
    const thumbnail = await fetch(new URL(pdf.thumbnailUrl, lore.baseUrl), { headers: { cookie: cookieOf(owner) } });
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const stranger = await fetch(new URL(pdf.url, lore.baseUrl), { headers: { cookie: cookieOf(outsider) } });
    expect(stranger.status).toBe(404);
    const anonymous = await fetch(new URL(pdf.url, lore.baseUrl));
    expect(anonymous.status).toBe(401);
  });

  it("keeps its viewer block in the item, and drops a block naming another account's PDF", async () => {
    const { item, pdf } = await itemWithPdf();
    const loaded = await owner.get(`/api/accounts/${accountId}/knowledge/${item.id}`);
    expect(loaded.body.data.content).toContain('data-type="pdf-viewer"');
    expect(loaded.body.data.content).toContain('data-filename="Manual.pdf"');
    const theirs = await createItem(outsider, outsiderAccountId, {
      title: 'Borrowed',
      content: `<p>x</p>${viewerBlock(pdf)}`,
    });
    expect(theirs.content).toBe('<p>x</p>');
  });

  it('counts in keyword search and in the AI search, like body text', async () => {
    const { item } = await itemWithPdf('Harbour manual');
    await createItem(owner, accountId, { title: 'Canteen', content: '<p>The canteen opens at noon.</p>' });
    const found = await owner.get(
      `/api/accounts/${accountId}/knowledge?search=${encodeURIComponent('brass astrolabe vestry cupboard')}`,
    );
    expect(found.body.data.items.map((entry: { id: string }) => entry.id)).toEqual([item.id]);
    const answer = await readEventStream(owner, '/api/aiKnowledgeSearch', {
      accountId,
      query: 'Where is the brass astrolabe kept?',
    });
    expect(answer.status).toBe(200);
    const update = answer.events.find((event) => event.event === 'update');
    expect(update!.data.items[0]).toMatchObject({ knowledgeId: item.id });
    expect(update!.data.items[0].passage).toContain('north vestry cupboard');
  });

  it('goes with its item: the row at once, the files with the clean-up after the grace period', async () => {
    const { item, pdf } = await itemWithPdf();
    expect((await owner.delete(`/api/accounts/${accountId}/knowledge/${item.id}`)).status).toBe(204);
    expect(
      await lore.db.selectFrom('knowledge_pdfs').select('id').where('knowledge_id', '=', item.id).execute(),
    ).toEqual([]);
    await lore.jobs.runUntilIdle();
    expect(stored(pdf.path)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + IMAGE_GRACE_MS + 60_000);
    await enqueueJob(lore.db, { kind: CLEAN_UP_IMAGES, key: accountId });
    await lore.jobs.runUntilIdle();
    expect(stored(pdf.path)).toBe(false);
    expect(stored(pdf.thumbnailPath)).toBe(false);
  });

  it('goes when its block is taken out of the item, and stays while it is shown', async () => {
    const kept = await itemWithPdf('Kept manual');
    const { item, pdf } = await itemWithPdf();
    const edited = await owner.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, {
      content: '<p>No PDF now.</p>',
    });
    expect(edited.status).toBe(200);
    expect(
      await lore.db.selectFrom('knowledge_pdfs').select('id').where('knowledge_id', '=', item.id).execute(),
    ).toEqual([]);
    const search = await owner.get(`/api/accounts/${accountId}/knowledge?search=astrolabe`);
    expect(search.body.data.items.map((entry: { id: string }) => entry.id)).toEqual([kept.item.id]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + IMAGE_GRACE_MS + 60_000);
    await lore.jobs.runUntilIdle();
    expect([stored(pdf.path), stored(pdf.thumbnailPath)]).toEqual([false, false]);
    expect([stored(kept.pdf.path), stored(kept.pdf.thumbnailPath)]).toEqual([true, true]);
  });
});
