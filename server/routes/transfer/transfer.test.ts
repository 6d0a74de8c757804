import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { KNOWLEDGE_IMAGES_BUCKET, KNOWLEDGE_PDFS_BUCKET, pdfThumbnailPath } from '../../../common/files';
import {
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  MAX_IMPORT_FILES,
  type ImportLine,
} from '../../../common/transfer';
import { storedImagePaths, storedPdfPaths } from '../../content/knowledge-html';
import { createItem, sampleImages, uploadFile } from '../../test/knowledge-factory';
import { makePdf, uploadPdf } from '../../test/pdf-factory';
import type { TestClient } from '../../test/http-client';
import { importFiles as sendImport } from '../../test/import-files';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { MANIFEST_NAME, type Manifest } from '../../transfer/format';
import { readImportPath } from '../../transfer/import/read-path';
import { runImport } from '../../transfer/import/run-import';
import { collectEntries } from '../../transfer/import/sources';

const lore = useTestServer();
let owner: SignedInClient;
let member: SignedInClient;
let outsider: SignedInClient;
let accountId: string;

beforeEach(async () => {
  const [mine, theirs] = await Promise.all([lore.account({ roles: ['member'] as const }), lore.account()]);
  [accountId, owner, member, outsider] = [mine.id, mine.owner, mine.members[0], theirs.owner];
});

type Sent = { path: string; data: Uint8Array | string };

const cookiesOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Sends files to the import as the browser does; answers the status and the NDJSON lines (or the error body). */
const importFiles = (client: TestClient, files: Sent[], account = accountId) => sendImport(client, account, files);

const filesOf = (lines: ImportLine[]) => lines.flatMap((line) => (line.type === 'file' ? [line.file] : []));
const doneOf = (lines: ImportLine[]) => lines.find((line) => line.type === 'done');

/** The items the files became; the pages made for their folders (decision 35) are the tree's tests'. */
async function itemsOf(account = accountId) {
  return lore.db
    .selectFrom('knowledge')
    .select(['id', 'title', 'tags', 'content', 'created_at', 'updated_at'])
    .where('account_id', '=', account)
    .where((eb) => eb.or([eb('import_key', 'is', null), eb('import_key', 'not like', 'folder:%')]))
    .orderBy('created_at')
    .orderBy('title')
    .execute();
}

const storedFiles = async (account = accountId) =>
  (await lore.deps.files.listFolder(KNOWLEDGE_IMAGES_BUCKET, account)).map((file) => file.path).sort();
const storedPdfs = async (account = accountId) =>
  (await lore.deps.files.listFolder(KNOWLEDGE_PDFS_BUCKET, account)).map((file) => file.path).sort();
const pdfRowsOf = (account = accountId) =>
  lore.db
    .selectFrom('knowledge_pdfs')
    .select(['knowledge_id', 'pdf_path', 'thumbnail_path', 'filename', 'text'])
    .where('account_id', '=', account)
    .orderBy('filename')
    .execute();

async function download(client: TestClient, account = accountId) {
  const response = await fetch(new URL(`/api/accounts/${account}/export`, client.baseUrl), {
    headers: { cookie: cookiesOf(client) },
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('importing documents', () => {
  it('honours Markdown front matter, else the first heading, else the file name; text files by name', async () => {
    const { status, lines } = await importFiles(member, [
      {
        path: 'notes/lantern.md',
        data: '---\ntitle: The lantern\ntags: [lights, "night watch"]\n---\n# Ignored heading\n\nLit at **dusk**.\n',
      },
      { path: 'notes/harbour.md', data: '# The *harbour* master\n\nKeeps the ledger.\n' },
      { path: 'notes/plain-notes.txt', data: 'First line\nsecond line\n\nA new paragraph & more' },
    ]);
    expect(status).toBe(200);
    expect(lines[0]).toEqual({ type: 'start', total: 3 });
    expect(lines.filter((line) => line.type === 'file').map((line) => line.type === 'file' && line.done)).toEqual([
      1, 2, 3,
    ]);
    expect(doneOf(lines)).toEqual({ type: 'done', imported: 3, skipped: 0 });
    const items = await itemsOf();
    const byTitle = new Map(items.map((item) => [item.title, item]));
    expect([...byTitle.keys()].sort()).toEqual(['The harbour master', 'The lantern', 'plain-notes']);
    expect(byTitle.get('The lantern')!.tags).toEqual(['lights', 'night watch']);
    expect(byTitle.get('The lantern')!.content).toContain('<strong>dusk</strong>');
    expect(byTitle.get('The harbour master')!.content).not.toContain('harbour master</h1>');
    expect(byTitle.get('plain-notes')!.content).toBe(
      '<p>First line<br />second line</p><p>A new paragraph &amp; more</p>',
    );
  });

  it('keeps only the main content of an HTML page, sanitized', async () => {
    const page = `<!doctype html><html><head><title>Lighthouse manual - Example wiki</title></head><body>
      <nav class="menu"><a href="/">Home</a> <a href="/about">About the wiki navigation</a></nav>
      <aside class="sidebar"><h3>Related pages</h3><a href="/x">Sidebar link one</a></aside>
      <main><article><h1>Lighthouse manual</h1>
        <p>The keeper trims the wick every evening and polishes the great lens before the sun goes down over the bay.</p>
        <p onclick="alert(1)">Oil is stored in the cellar, away from the lamp room, and counted every Sunday by the keeper.</p>
        <script>alert('x')</script>
      </article></main>
      <footer class="site-footer">Copyright the example wiki footer</footer></body></html>`;
    const { lines } = await importFiles(member, [{ path: 'manual.html', data: page }]);
    expect(doneOf(lines)).toEqual({ type: 'done', imported: 1, skipped: 0 });
    const [item] = await itemsOf();
    expect(item!.title).toBe('Lighthouse manual');
    expect(item!.content).toContain('polishes the great lens');
    for (const dropped of ['navigation', 'Sidebar link', 'footer', 'script', 'onclick', 'alert']) {
      expect(item!.content).not.toContain(dropped);
    }
  });

  it('reads the main content a page marks, even one that is mostly links (a chapter of a manual)', async () => {
    const modules = Array.from(
      { length: 12 },
      (_, i) => `<li><a href="https://docs.example.org/module${i}.html">module${i}: the tools for task ${i}</a></li>`,
    );
    const page = `<!doctype html><html><head><title>Services — Example manual</title></head><body>
      <div class="sphinxsidebar" role="navigation"><h3>Navigation</h3><a href="index.html">Index of the sidebar</a></div>
      <div class="body" role="main"><section><h1>Generic services<a class="headerlink" href="#services">¶</a></h1>
        <p>The modules described in this chapter provide the services every program needs.</p>
        <ul>${modules.join('')}</ul>
        <aside class="footnote" role="note"><p>Footnote: some services need a POSIX system.</p></aside></section></div>
      <div class="footer"><p>© Copyright the example foundation, 2001-2026. This page is licensed under a long licence
        whose text goes on for a while. Found a bug? Created using a documentation generator.</p></div></body></html>`;
    const docs = `<!doctype html><html><head><title>Setup | Example docs</title></head><body>
      <main><nav class="sidebar"><a href="/intro">Intro in the sidebar</a></nav>
        <article><h1>Setup</h1><p>Install the package, then run it once to write its settings file.</p>
          <nav class="breadcrumbs"><a href="/">Docs home in the breadcrumbs</a></nav>
          <footer>Edit this page on the forge</footer></article>
        <div class="table-of-contents"><a href="#install">On this page: Install</a></div></main></body></html>`;
    const { lines } = await importFiles(member, [
      { path: 'services.html', data: page },
      { path: 'setup.html', data: docs },
    ]);
    expect(doneOf(lines)).toEqual({ type: 'done', imported: 2, skipped: 0 });
    const byTitle = new Map((await itemsOf()).map((item) => [item.title, item.content]));
    expect([...byTitle.keys()].sort()).toEqual(['Generic services', 'Setup']);
    const services = byTitle.get('Generic services')!;
    expect(services).toContain('provide the services every program needs');
    expect(services).toContain('module11: the tools for task 11');
    expect(services).toContain('some services need a POSIX system');
    expect(services).not.toContain('<h1');
    for (const dropped of ['Copyright', 'Index of the sidebar', '¶']) expect(services).not.toContain(dropped);
    const setup = byTitle.get('Setup')!;
    expect(setup).toContain('write its settings file');
    for (const dropped of ['Intro in the sidebar', 'On this page', 'Docs home', 'Edit this page'])
      expect(setup).not.toContain(dropped);
  });

  it('brings relative images of Markdown and HTML in a zip into knowledge-images', async () => {
    const zip = zipSync({
      'wiki/docs/setup.md': strToU8(
        '# Setup\n\n![diagram](../img/diagram%20one.png)\n\n![again](../img/diagram%20one.png)',
      ),
      'wiki/docs/page.html': strToU8(
        '<html><body><article><h1>Page</h1><p>A page with a picture that is described in a long enough sentence.</p><img src="pics/cat.gif" alt="cat"><img src="missing.png"></article></body></html>',
      ),
      'wiki/docs/pics/cat.gif': sampleImages.gif,
      'wiki/img/diagram one.png': sampleImages.png,
      '__MACOSX/wiki/._setup.md': strToU8('junk'),
    });
    const { lines } = await importFiles(owner, [{ path: 'wiki.zip', data: zip }]);
    expect(doneOf(lines)).toEqual({ type: 'done', imported: 2, skipped: 0 });
    const page = filesOf(lines).find((file) => file.path === 'wiki/docs/page.html')!;
    expect(page.reason).toBe('Image not found: missing.png');
    const items = await itemsOf();
    const shown = items.flatMap((item) => storedImagePaths(item.content, accountId)).sort();
    expect(shown).toHaveLength(2);
    expect(await storedFiles()).toEqual(shown);
    const setup = items.find((item) => item.title === 'Setup')!;
    const [diagram] = storedImagePaths(setup.content, accountId);
    expect(await lore.deps.files.get(KNOWLEDGE_IMAGES_BUCKET, diagram!)).toEqual(sampleImages.png);
    expect(setup.content).toContain(`data-path="${diagram}"`);
    expect(setup.content.match(/<img /g)).toHaveLength(2);
  });

  it('imports the rest when a file in the middle is broken, leaving no half item and no image', async () => {
    const { lines } = await importFiles(member, [
      { path: 'a/first.md', data: '# First\n\nfine' },
      { path: 'a/broken.md', data: '---\ntitle: [unclosed\n---\n![x](pic.png)\n' },
      { path: 'a/not-utf8.txt', data: new Uint8Array([0xff, 0xfe, 0x00, 0xc3]) },
      { path: 'a/report.pdf', data: '%PDF-1.4' },
      { path: 'a/pic.png', data: sampleImages.png },
      { path: 'a/last.md', data: '# Last\n\n![x](pic.png)' },
    ]);
    expect(doneOf(lines)).toEqual({ type: 'done', imported: 2, skipped: 3 });
    expect(filesOf(lines).filter((file) => file.status === 'skipped')).toEqual([
      { path: 'a/broken.md', status: 'skipped', reason: 'Its front matter is not valid YAML' },
      { path: 'a/not-utf8.txt', status: 'skipped', reason: 'The file is not UTF-8 text' },
      { path: 'a/report.pdf', status: 'skipped', reason: 'Not a PDF that can be read' },
    ]);
    const items = await itemsOf();
    expect(items.map((item) => item.title).sort()).toEqual(['First', 'Last']);
    expect(await storedPdfs()).toEqual([]);
    expect(await storedFiles()).toEqual(
      storedImagePaths(items.find((item) => item.title === 'Last')!.content, accountId),
    );
  });

  it('makes each PDF an item that shows it, its text found by search and its first page on the card', async () => {
    // A name with '#' and '?' in it: not read as a link's fragment or query.
    const { lines } = await importFiles(member, [
      { path: 'manuals/Harbour crane #2?.pdf', data: makePdf([['Crane manual'], ['Grease the slewing ring monthly']]) },
      { path: 'manuals/notes.md', data: '# Notes\n\nplain' },
    ]);
    expect(doneOf(lines)).toEqual({ type: 'done', imported: 2, skipped: 0 });
    const crane = (await itemsOf()).find((item) => item.title === 'Harbour crane #2?')!;
    const [row] = await pdfRowsOf();
    expect(row).toMatchObject({
      knowledge_id: crane.id,
      filename: 'Harbour crane #2?.pdf',
      text: 'Crane manual\n\nGrease the slewing ring monthly',
    });
    expect(row!.pdf_path).toMatch(new RegExp(`^${accountId}/[0-9a-f-]+\\.pdf$`));
    expect(row!.thumbnail_path).toBe(pdfThumbnailPath(row!.pdf_path));
    expect(await storedPdfs()).toEqual([row!.pdf_path, row!.thumbnail_path].sort());
    expect(crane.content).toContain(
      `data-src="/api/secureImage?bucket=knowledge-pdfs&amp;path=${encodeURIComponent(row!.pdf_path)}"`,
    );
    expect(crane.content).toContain('data-filename="Harbour crane #2?.pdf"');

    const search = await member.get(
      `/api/accounts/${accountId}/knowledge?search=${encodeURIComponent('slewing ring')}`,
    );
    expect(search.body.data.items.map((item: { id: string }) => item.id)).toEqual([crane.id]);
    const card = search.body.data.items[0] as { pdf_thumbnail_path: string | null };
    expect(card.pdf_thumbnail_path).toBe(row!.thumbnail_path);
  });

  it('skips a PDF past the size limit, or one that is not a PDF, and stores nothing for it', async () => {
    const { lines } = await importFiles(member, [
      { path: 'fake.pdf', data: '%PDF-1.7 but nothing more' },
      { path: 'renamed.pdf', data: sampleImages.png },
    ]);
    expect(filesOf(lines)).toEqual([
      { path: 'fake.pdf', status: 'skipped', reason: 'Not a PDF that can be read' },
      { path: 'renamed.pdf', status: 'skipped', reason: 'Not a PDF that can be read' },
    ]);
    expect(await itemsOf()).toEqual([]);
    expect(await storedPdfs()).toEqual([]);
  });

  it('removes the images it stored when the item cannot be saved', async () => {
    const files = lore.deps.files;
    const put = files.put;
    let puts = 0;
    files.put = async (bucket, filePath, data) => {
      puts += 1;
      if (puts === 2) throw new Error('The disk is full');
      return put.call(files, bucket, filePath, data);
    };
    try {
      const { lines } = await importFiles(member, [
        { path: 'two-images.md', data: '# Two\n\n![a](a.png) ![b](b.gif)' },
        { path: 'a.png', data: sampleImages.png },
        { path: 'b.gif', data: sampleImages.gif },
        { path: 'after.md', data: '# After\n\ntext' },
      ]);
      expect(filesOf(lines)[0]).toEqual({
        path: 'two-images.md',
        status: 'skipped',
        reason: 'The file could not be imported',
      });
      expect(doneOf(lines)).toEqual({ type: 'done', imported: 1, skipped: 1 });
    } finally {
      files.put = put;
    }
    expect(puts).toBe(2);
    expect((await itemsOf()).map((item) => item.title)).toEqual(['After']);
    expect(await storedFiles()).toEqual([]);
  });

  it('skips, when run again, what an earlier run brought in: no duplicate, no second image or PDF', async () => {
    const all: Sent[] = [
      { path: 'set/one.md', data: '# One\n\n![pic](pic.png)' },
      { path: 'set/two.md', data: '# Two\n\nsecond' },
      { path: 'set/three.pdf', data: makePdf([['Third, a PDF']]) },
      { path: 'set/four.md', data: '# Four\n\nfourth' },
      { path: 'set/pic.png', data: sampleImages.png },
    ];
    // An earlier run stopped after two documents (and the image the first shows).
    const first = await importFiles(member, [all[0]!, all[1]!, all[4]!]);
    expect(doneOf(first.lines)).toEqual({ type: 'done', imported: 2, skipped: 0 });
    const [imagesBefore, itemsBefore] = [await storedFiles(), await itemsOf()];

    const again = await importFiles(member, all);
    expect(doneOf(again.lines)).toEqual({ type: 'done', imported: 2, skipped: 2 });
    const byPath = new Map(filesOf(again.lines).map((file) => [file.path, file]));
    for (const [path, title] of [
      ['set/one.md', 'One'],
      ['set/two.md', 'Two'],
    ] as const) {
      const earlier = itemsBefore.find((item) => item.title === title)!;
      expect(byPath.get(path)).toEqual({
        path,
        status: 'skipped',
        reason: 'Already imported',
        knowledgeId: earlier.id,
      });
    }
    expect(byPath.get('set/three.pdf')!.status).toBe('imported');
    expect(byPath.get('set/four.md')!.status).toBe('imported');
    expect((await itemsOf()).map((item) => item.title).sort()).toEqual(['Four', 'One', 'Two', 'three']);
    expect(await storedFiles()).toEqual(imagesBefore);
    expect(await pdfRowsOf()).toHaveLength(1);

    // A third run brings nothing; a changed file is new; another workspace imports them all.
    const third = await importFiles(member, [...all, { path: 'set/two.md', data: '# Two\n\nsecond, edited' }]);
    expect(doneOf(third.lines)).toEqual({ type: 'done', imported: 1, skipped: 4 });
    expect(await pdfRowsOf()).toHaveLength(1);
    const elsewhere = await lore.account({ owner: member });
    expect(doneOf((await importFiles(member, all, elsewhere.id)).lines)).toEqual({
      type: 'done',
      imported: 4,
      skipped: 0,
    });
  });

  it('skips the items of a Lore export imported before, and one that is being imported at the same time', async () => {
    await createItem(owner, accountId, { title: 'Exported one', content: '<p>First</p>' });
    await createItem(owner, accountId, { title: 'Exported two', content: '<p>Second</p>' });
    const zip = (await download(owner)).bytes;
    const target = await lore.account({ owner: member });
    const together = await Promise.all([
      importFiles(member, [{ path: 'export.zip', data: zip }], target.id),
      importFiles(member, [{ path: 'export.zip', data: zip }], target.id),
    ]);
    // Each item comes in once, through one run or the other; the other says it was already imported.
    const dones = together.map(({ lines }) => doneOf(lines) as { imported: number; skipped: number });
    expect(dones.map((done) => done.imported + done.skipped)).toEqual([2, 2]);
    expect(dones[0]!.imported + dones[1]!.imported).toBe(2);
    const later = await importFiles(member, [{ path: 'export.zip', data: zip }], target.id);
    expect(doneOf(later.lines)).toEqual({ type: 'done', imported: 0, skipped: 2 });
    expect(filesOf(later.lines).map((file) => file.reason)).toEqual(['Already imported', 'Already imported']);
    expect((await itemsOf(target.id)).map((item) => item.title).sort()).toEqual(['Exported one', 'Exported two']);
  });

  it('answers other requests while an import runs: a health check sent after its first file comes back before its end', async () => {
    const paragraphs = Array.from(
      { length: 40 },
      (_, i) => `Step ${i}: restart the queue worker and check the logs.`,
    ).join('\n\n');
    const form = new FormData();
    for (let i = 0; i < 80; i++) {
      form.append('file', new Blob([`# Runbook ${i}\n\n${paragraphs}`]), `runbook-${i}.md`);
      form.append('path', `runbooks/runbook-${i}.md`);
    }
    const response = await fetch(new URL(`/api/accounts/${accountId}/imports`, member.baseUrl), {
      method: 'POST',
      headers: { origin: member.baseUrl, cookie: cookiesOf(member) },
      body: form,
    });
    const order: string[] = [];
    let firstFile!: () => void;
    const firstFileCame = new Promise<void>((resolve) => (firstFile = resolve));
    const readToEnd = (async () => {
      let buffered = '';
      for await (const text of response.body!.pipeThrough(new TextDecoderStream())) {
        buffered += text;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines.map((raw) => JSON.parse(raw) as ImportLine)) {
          if (line.type === 'file') firstFile();
          if (line.type === 'done') order.push('import done');
        }
      }
    })();
    await firstFileCame;
    const health = await fetch(new URL('/api/health', member.baseUrl));
    order.push(`health ${health.status}`);
    await readToEnd;
    expect(order).toEqual(['health 200', 'import done']);
  });

  it('indexes the items of an import in batches, every one of them before it says it is done', async () => {
    const files = Array.from({ length: 40 }, (_, i) => ({
      path: `notes/note-${i}.md`,
      data: `# Note ${i}\n\nShared wording, and its own word${i}.`,
    }));
    const { lines } = await importFiles(member, files);
    expect(doneOf(lines)).toMatchObject({ imported: 40, skipped: 0 });
    // Read at once, without waiting for the indexer: each imported item is indexed, its stamp cleared.
    const indexed = await sql<{ index_request: string | null; written_by: string }>`
      SELECT k.index_request::text, s.xmin::text AS written_by FROM knowledge k
      JOIN search_items s ON s.knowledge_id = k.id AND s.chunk = 0
      WHERE k.account_id = ${accountId} AND k.import_key NOT LIKE 'folder:%'`.execute(lore.db);
    expect(indexed.rows).toHaveLength(40);
    expect(indexed.rows.every((row) => row.index_request === null)).toBe(true);
    // Four items a transaction (decision 49): the 40 notes and the page of their folder.
    expect(new Set(indexed.rows.map((row) => row.written_by)).size).toBeLessThanOrEqual(Math.ceil(41 / 4));
  });

  it('refuses more files than the limit before writing anything', async () => {
    const many = Array.from({ length: MAX_IMPORT_FILES + 1 }, (_, i) => ({ path: `n/${i}.txt`, data: 'x' }));
    const { status, error } = await importFiles(member, many);
    expect(status).toBe(400);
    expect(error).toEqual({ error: IMPORT_TOO_MANY_FILES_MESSAGE, code: 'too_many_files' });
    expect(await itemsOf()).toEqual([]);
  });

  it('counts what a zip holds against the size limit, before unpacking it', async () => {
    const zip = zipSync({ 'a.txt': new Uint8Array(600), 'b.txt': new Uint8Array(600) });
    await expect(
      collectEntries([{ path: 'z.zip', data: zip }], { maxFiles: 10, maxBytes: 1000 }),
    ).rejects.toMatchObject({
      status: 413,
      message: IMPORT_TOO_LARGE_MESSAGE,
    });
    await expect(collectEntries([{ path: 'z.zip', data: zip }], { maxFiles: 1, maxBytes: 5000 })).rejects.toMatchObject(
      {
        status: 400,
      },
    );
    expect(await collectEntries([{ path: 'z.zip', data: zip }], { maxFiles: 2, maxBytes: 1200 })).toHaveLength(2);
  });

  it('reads the upload as it arrives: a file without a path by its own name; a body that is not whole multipart is refused', async () => {
    const send = (body: FormData | string | ArrayBuffer, headers: Record<string, string> = {}) =>
      fetch(new URL(`/api/accounts/${accountId}/imports`, member.baseUrl), {
        method: 'POST',
        headers: { origin: member.baseUrl, cookie: cookiesOf(member), ...headers },
        body,
      });
    const form = new FormData();
    form.append('file', new Blob(['# Übersicht\n\nGrüße']), 'Übersicht.md');
    form.append('file', new Blob(['Second']), 'second.txt');
    form.append('path', 'notes/Übersicht.md');
    const answer = await send(form);
    expect(answer.status).toBe(200);
    const paths = (await answer.text())
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => {
        const parsed = JSON.parse(line) as ImportLine;
        return parsed.type === 'file' ? [parsed.file.path] : [];
      });
    // The second file has no path of its rank: its name as sent.
    expect(paths.sort()).toEqual(['notes/Übersicht.md', 'second.txt']);
    expect((await itemsOf()).map((item) => item.title).sort()).toEqual(['second', 'Übersicht']);

    const refusal = { error: 'Send the files as multipart form data in the field "file"', code: 'invalid_upload' };
    const notMultipart = await send(JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' });
    expect(notMultipart.status).toBe(400);
    expect(await notMultipart.json()).toEqual(refusal);
    const whole = await new Response(form).arrayBuffer();
    const boundary = new Response(form).headers.get('content-type')!;
    const cutShort = await send(whole.slice(0, whole.byteLength - 40), { 'content-type': boundary });
    expect(cutShort.status).toBe(400);
    expect(await cutShort.json()).toEqual(refusal);
    // Cut inside a file: refused too, and Lore goes on answering.
    const big = new FormData();
    big.append('file', new Blob(['words '.repeat(50_000)]), 'big.txt');
    const bigBody = await new Response(big).arrayBuffer();
    const cutInFile = await send(bigBody.slice(0, bigBody.byteLength / 2), {
      'content-type': new Response(big).headers.get('content-type')!,
    });
    expect(cutInFile.status).toBe(400);
    expect(await cutInFile.json()).toEqual(refusal);
    expect((await member.get('/api/health')).status).toBe(200);
  });

  it('refuses an empty import and a broken zip', async () => {
    expect((await importFiles(member, [])).status).toBe(400);
    const broken = await importFiles(member, [{ path: 'x.zip', data: 'not a zip at all' }]);
    expect(broken.status).toBe(400);
    expect(broken.error.error).toBe('A zip file could not be read');
  });
});

describe("the operators' import command", () => {
  it('reads a folder from the disk with its images, by the paths inside it', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-import-'));
    fs.mkdirSync(path.join(folder, 'guides', 'img'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'guides', 'boat.md'), '---\ntags: [boats]\n---\n# Boats\n\n![b](img/b.webp)');
    fs.writeFileSync(path.join(folder, 'guides', 'img', 'b.webp'), sampleImages.webp);
    fs.writeFileSync(path.join(folder, '.DS_Store'), 'junk');
    const entries = await collectEntries(await readImportPath(folder));
    expect(entries.map((entry) => entry.path).sort()).toEqual(['guides/boat.md', 'guides/img/b.webp']);
    const summary = await runImport(lore.deps, { accountId, userId: owner.userId, role: 'owner', entries });
    expect(summary).toMatchObject({ imported: 1, skipped: 0 });
    const [item] = await itemsOf();
    expect(item).toMatchObject({ title: 'Boats', tags: ['boats'] });
    expect(await storedFiles()).toEqual(storedImagePaths(item!.content, accountId));
    fs.rmSync(folder, { recursive: true, force: true });
  });
});

describe('who may import and export', () => {
  it('lets a member import but not export; a stranger gets 404 for both', async () => {
    expect((await importFiles(member, [{ path: 'a.md', data: '# A' }])).status).toBe(200);
    expect((await download(member)).status).toBe(403);
    expect((await importFiles(outsider, [{ path: 'a.md', data: '# A' }])).status).toBe(404);
    expect((await download(outsider)).status).toBe(404);
    expect((await download(owner)).status).toBe(200);
    expect(await itemsOf()).toHaveLength(1);
  });
});

describe('exporting', () => {
  it('exports Markdown with front matter and images beside it, and imports back into an empty workspace equal', async () => {
    const image = await uploadFile(
      owner,
      `/api/accounts/${accountId}/knowledge-images`,
      sampleImages.png,
      'p.png',
      'image/png',
    );
    const { path: imagePath, url } = image.body.data as { path: string; url: string };
    await createItem(owner, accountId, {
      title: 'Keeping the lamp',
      tags: ['lamps', 'Night'],
      content: `<h2>Evening</h2><p>Trim the <strong>wick</strong>.</p><p><img src="${url}" alt="lamp" data-path="${imagePath}"></p><ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>Polish</p></li></ul>`,
    });
    await createItem(member, accountId, { title: 'Second: a note', content: '<p>Plain words</p>' });
    await createItem(member, accountId, {
      title: 'Same picture again',
      content: `<p><img src="${url}" data-path="${imagePath}"></p>`,
    });
    const pdfBytes = makePdf([['Tide tables for the outer harbour']]);
    const pdf = (await uploadPdf(member, accountId, { bytes: pdfBytes, name: 'Tides [2026].pdf' }, sampleImages.png))
      .body.data as { path: string; url: string; thumbnailPath: string; filename: string };
    const withPdf = await createItem(member, accountId, {
      title: 'Tides',
      content: `<p>The table:</p><div data-type="pdf-viewer" data-src="${pdf.url}" data-filename="${pdf.filename}" data-width="612" data-height="792"></div>`,
    });
    const linked = await member.post('/api/linkKnowledgePdf', {
      knowledgeId: withPdf.id,
      accountId,
      pdfPath: pdf.path,
      pdfFilename: pdf.filename,
      thumbnailPath: pdf.thumbnailPath,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);

    const { status, headers, bytes } = await download(owner);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/zip');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="lore-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(bytes);
    const names = Object.keys(files).sort();
    const imageName = imagePath.split('/')[1];
    const pdfName = pdf.path.split('/')[1];
    expect(names).toEqual(
      [
        `knowledge/images/${imageName}`,
        `knowledge/pdfs/${pdfName}`,
        MANIFEST_NAME,
        ...names.filter((name) => name.endsWith('.md')),
      ].sort(),
    );
    expect(names.filter((name) => name.endsWith('.md'))).toHaveLength(4);
    expect(files[`knowledge/images/${imageName}`]).toEqual(sampleImages.png);
    expect(files[`knowledge/pdfs/${pdfName}`]).toEqual(pdfBytes);
    // Each in its collection's folder (decision 35), its links relative to it.
    const tidesFile = names.find((name) => name.startsWith('knowledge/general/tides-'))!;
    expect(new TextDecoder().decode(files[tidesFile])).toContain(`[Tides \\[2026\\].pdf](../pdfs/${pdfName})`);
    const lampFile = names.find((name) => name.startsWith('knowledge/general/keeping-the-lamp-'))!;
    const markdown = new TextDecoder().decode(files[lampFile]);
    expect(markdown).toMatch(
      /^---\ntitle: Keeping the lamp\ntags:\n {2}- lamps\n {2}- Night\nauthor: .+\ncreated: '.+'\nupdated: '.+'\n---\n/,
    );
    expect(markdown).toContain(`![lamp](../images/${imageName})`);
    expect(markdown).toContain('**wick**');
    expect(markdown).toContain('- [x] Polish');
    const manifest = JSON.parse(new TextDecoder().decode(files[MANIFEST_NAME])) as Manifest;
    expect(manifest.account.id).toBe(accountId);
    expect(manifest.items.map((item) => item.title)).toEqual([
      'Keeping the lamp',
      'Second: a note',
      'Same picture again',
      'Tides',
    ]);

    // Into an empty workspace.
    const fresh = await lore.account();
    const { lines } = await importFiles(fresh.owner, [{ path: 'lore-export.zip', data: bytes }], fresh.id);
    // Their authors are not members of the new workspace: the items are its owner's, and the summary says whose they were.
    expect(doneOf(lines)).toMatchObject({ type: 'done', imported: 4, skipped: 0, authors: { restored: 0 } });
    const before = await itemsOf();
    const after = await itemsOf(fresh.id);
    const comparable = (items: typeof before, account: string) =>
      items.map((item) => ({
        title: item.title,
        tags: item.tags,
        created_at: item.created_at.toISOString(),
        updated_at: item.updated_at.toISOString(),
        // The same image attributes, in any order: HTML does not order them; stored files under new names.
        content: [...storedImagePaths(item.content, account), ...storedPdfPaths(item.content, account)].reduce(
          (html, stored) => html.split(stored).join('IMAGE').split(encodeURIComponent(stored)).join('IMAGE'),
          item.content.replace(/<img ([^>]*?) ?\/?>/g, (_, attributes: string) => {
            const sorted = (attributes.match(/[\w-]+="[^"]*"/g) ?? []).sort().join(' ');
            return `<img ${sorted}>`;
          }),
        ),
      }));
    expect(comparable(after, fresh.id)).toEqual(comparable(before, accountId));
    const restoredImages = after.flatMap((item) => storedImagePaths(item.content, fresh.id));
    expect(restoredImages).toHaveLength(2);
    for (const restored of restoredImages) {
      expect(await lore.deps.files.get(KNOWLEDGE_IMAGES_BUCKET, restored)).toEqual(sampleImages.png);
    }
    const [restoredPdf] = await pdfRowsOf(fresh.id);
    expect(restoredPdf).toMatchObject({ filename: 'Tides [2026].pdf', text: 'Tide tables for the outer harbour' });
    expect(await lore.deps.files.get(KNOWLEDGE_PDFS_BUCKET, restoredPdf!.pdf_path)).toEqual(pdfBytes);
    expect(await lore.deps.files.get(KNOWLEDGE_PDFS_BUCKET, restoredPdf!.thumbnail_path)).not.toBeNull();
  });

  it('exports an empty workspace as a zip with an empty manifest', async () => {
    const files = unzipSync((await download(owner)).bytes);
    expect(Object.keys(files)).toEqual([MANIFEST_NAME]);
    expect((JSON.parse(new TextDecoder().decode(files[MANIFEST_NAME])) as Manifest).items).toEqual([]);
  });

  it('reads a workspace larger than one page', async () => {
    for (let i = 0; i < 105; i++) {
      await lore.db
        .insertInto('knowledge')
        .values({
          short_id: `p${i}x${Math.random().toString(36).slice(2, 6)}`,
          account_id: accountId,
          user_id: owner.userId,
          title: `Item ${i}`,
          content: `<p>${i}</p>`,
          tags: [],
        })
        .execute();
    }
    const files = unzipSync((await download(owner)).bytes);
    const manifest = JSON.parse(new TextDecoder().decode(files[MANIFEST_NAME])) as Manifest;
    expect(new Set(manifest.items.map((item) => item.title)).size).toBe(105);
    expect(Object.keys(files).filter((name) => name.endsWith('.md'))).toHaveLength(105);
  });
});
