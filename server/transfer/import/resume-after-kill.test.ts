import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { KNOWLEDGE_IMAGES_BUCKET, KNOWLEDGE_PDFS_BUCKET } from '../../../common/files';
import { IMPORT_ALREADY_IMPORTED_REASON, type ImportLine } from '../../../common/transfer';
import { storedImagePaths } from '../../content/knowledge-html';
import { openDatabase, type Database } from '../../db/client';
import { cleanUpImages, IMAGE_GRACE_MS } from '../../jobs/clean-up-images';
import { localFileStore } from '../../storage/file-store';
import { freePort } from '../../test/free-port';
import { TestClient } from '../../test/http-client';
import { sampleImages } from '../../test/knowledge-factory';
import { startLoreProcess, type LoreProcess } from '../../test/lore-process';
import { tokenOf } from '../../test/mailbox';
import { makePdf } from '../../test/pdf-factory';
import { openTestDatabase, testEngine } from '../../test/test-database';

/**
 * Issue 30, point 6: Lore killed (SIGKILL) in the middle of an import. After the
 * restart every item that came in is whole (its images and PDFs stored, its PDF
 * rows there), and the same import run again brings in the rest and nothing twice.
 * A file stored for a document cut short goes with the clean-up. A real Lore process
 * (`npm start`'s), on the run's database engine.
 */
const cleanUps: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
});

const DOCUMENTS = 150;

/** The import: Markdown files (every tenth showing an image), two PDFs and the image. */
function theImport() {
  const files: Array<{ path: string; data: Uint8Array }> = [];
  const text = (value: string) => new TextEncoder().encode(value);
  for (let i = 1; i <= DOCUMENTS; i++) {
    const picture = i % 10 === 0 ? '\n\n![picture](pic.png)' : '';
    files.push({ path: `notes/note-${i}.md`, data: text(`# Note ${i}\n\nThe words of note number ${i}.${picture}`) });
  }
  files.splice(20, 0, { path: 'notes/manual.pdf', data: makePdf([['The manual'], ['Second page']]) });
  files.splice(60, 0, { path: 'notes/tables.pdf', data: makePdf([['Tide tables']]) });
  files.push({ path: 'notes/pic.png', data: sampleImages.png });
  return files;
}

/** Sends the import and reads its NDJSON lines as they come; `onLine` may stop reading. */
async function sendImport(
  client: TestClient,
  accountId: string,
  files: Array<{ path: string; data: Uint8Array }>,
  onLine: (line: ImportLine, lines: ImportLine[]) => void = () => {},
) {
  const form = new FormData();
  for (const file of files) {
    form.append('file', new Blob([file.data.slice().buffer as ArrayBuffer]), path.posix.basename(file.path));
    form.append('path', file.path);
  }
  const response = await fetch(new URL(`/api/accounts/${accountId}/imports`, client.baseUrl), {
    method: 'POST',
    headers: { origin: client.baseUrl, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: form,
  });
  expect(response.status).toBe(200);
  const lines: ImportLine[] = [];
  let buffered = '';
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body!) {
      buffered += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffered.slice(0, newline)) as ImportLine;
        buffered = buffered.slice(newline + 1);
        lines.push(line);
        onLine(line, lines);
      }
    }
  } catch {
    // The process was killed: the answer breaks off.
  }
  return lines;
}

describe('an import interrupted by SIGKILL', () => {
  it('leaves whole items, and run again brings in the rest without a duplicate', { timeout: 600_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-import-kill-'));
    cleanUps.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const postgres = testEngine === 'postgres' ? await openTestDatabase() : undefined;
    if (postgres) cleanUps.push(() => postgres.drop());
    const port = await freePort();
    const start = () => {
      const lore = startLoreProcess({ port, dataDir, env: postgres ? { DATABASE_URL: postgres.url! } : {} });
      cleanUps.push(() => lore.kill());
      return lore;
    };

    let lore: LoreProcess = start();
    await lore.ready();
    const client = new TestClient(lore.baseUrl);
    await signInThroughLog(lore, client, 'importer@example.com');
    const account = (await client.post('/api/accounts', { name: 'Imported' })).body.data as { id: string };
    const files = theImport();

    // Killed once a few documents are in: the rest never come.
    const cut = await sendImport(client, account.id, files, (line, lines) => {
      if (line.type === 'file' && lines.filter((seen) => seen.type === 'file').length === 25)
        lore.child.kill('SIGKILL');
    });
    await lore.exited;
    expect(cut.some((line) => line.type === 'done')).toBe(false);

    lore = start();
    await lore.ready();
    const count = async () =>
      (await client.get(`/api/accounts/${account.id}/knowledge/count`)).body.data.count as number;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(25);
    expect(before).toBeLessThan(DOCUMENTS + 2);

    const again = await sendImport(client, account.id, files);
    const done = again.find((line) => line.type === 'done');
    expect(done).toEqual({ type: 'done', imported: DOCUMENTS + 2 - before, skipped: before });
    const skipped = again.flatMap((line) =>
      line.type === 'file' && line.file.status === 'skipped' ? [line.file] : [],
    );
    expect(skipped.every((file) => file.reason === IMPORT_ALREADY_IMPORTED_REASON)).toBe(true);
    expect(await count()).toBe(DOCUMENTS + 2);
    expect(await lore.stop()).toBe(0);

    // Read from the database and the files themselves: one item per document, each whole.
    const database: Database = postgres
      ? postgres.database
      : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    if (!postgres) cleanUps.push(() => database.close());
    const items = await database.db
      .selectFrom('knowledge')
      .select(['id', 'title', 'content'])
      .where('account_id', '=', account.id)
      .execute();
    const titles = items.map((item) => item.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toHaveLength(DOCUMENTS + 2);
    const store = localFileStore(path.join(dataDir, 'files'));
    const pictured = items.filter((item) => item.content.includes('<img'));
    expect(pictured).toHaveLength(DOCUMENTS / 10);
    for (const item of pictured) {
      const [image] = storedImagePaths(item.content, account.id);
      expect(await store.get(KNOWLEDGE_IMAGES_BUCKET, image!)).toEqual(sampleImages.png);
    }
    const pdfs = await database.db
      .selectFrom('knowledge_pdfs')
      .select(['knowledge_id', 'pdf_path', 'thumbnail_path'])
      .where('account_id', '=', account.id)
      .execute();
    expect(pdfs).toHaveLength(2);
    for (const pdf of pdfs) {
      expect((await store.get(KNOWLEDGE_PDFS_BUCKET, pdf.pdf_path))?.length).toBeGreaterThan(0);
      expect((await store.get(KNOWLEDGE_PDFS_BUCKET, pdf.thumbnail_path))?.length).toBeGreaterThan(0);
    }

    // A file stored for a document the kill cut short (before its item was saved) is the clean-up's
    // (decision 12): once past its grace period, only the files of saved items are left.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + IMAGE_GRACE_MS + 60_000);
      await cleanUpImages({ db: database.db, files: store })(
        { key: account.id, payload: {} },
        { signal: new AbortController().signal, logger: pino({ level: 'silent' }) },
      );
    } finally {
      vi.useRealTimers();
    }
    const shown = pictured.flatMap((item) => storedImagePaths(item.content, account.id)).sort();
    const images = (await store.listFolder(KNOWLEDGE_IMAGES_BUCKET, account.id)).map((file) => file.path).sort();
    expect(images).toEqual(shown);
    const pdfFiles = (await store.listFolder(KNOWLEDGE_PDFS_BUCKET, account.id)).map((file) => file.path).sort();
    expect(pdfFiles).toEqual(pdfs.flatMap((pdf) => [pdf.pdf_path, pdf.thumbnail_path]).sort());
  });
});

/** Signs in through the dev outbox: asks for a link, reads it from the process log, follows it. */
async function signInThroughLog(lore: LoreProcess, client: TestClient, email: string) {
  const asked = await client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' });
  expect(asked.status).toBe(200);
  await lore.waitFor('/auth/callback?token=');
  const link = lore.output().match(/https?:\/\/[^\s"\\]+\/auth\/callback\?token=[^\s"\\]+/)![0];
  expect((await client.post('/api/redeemLoginLink', { token: tokenOf(link) })).status).toBe(200);
}
