/**
 * `npm run bench:collab`: live co-editing (decision 34) over real WebSockets on localhost, on PGlite.
 * Lore runs in this process (its test server: real HTTP, a fresh database), the editors are y-protocols
 * clients (server/test/collaboration-client.ts), so both share one thread: the latency is an upper bound.
 * - keystroke to the other editors: `--editors` on one item take turns typing a key every `--gap-ms`,
 *   each key's time until every other editor has it; p50, p95, max (target p95 <= 100 ms);
 * - memory per open document: `--documents` items with a 5,000-character text, one editor each, heap
 *   before and after, beside what a bare copy of such a document costs;
 * - database bytes per hour of typing: one editor types `--seconds` at 5 keys a second, the document's
 *   bytes (state + stored updates) before and after compaction, per hour.
 *
 *   npm run bench:collab                              10 editors, 20 keys each; 20 documents; 20 s of typing
 *   npm run bench:collab -- --editors 5 --keys 10     smaller
 */
import { parseArgs } from 'node:util';
import * as Y from 'yjs';
import { documentBytes } from '../../server/data/knowledge-documents';
import { CollaborationClient } from '../../server/test/collaboration-client';
import { createItem } from '../../server/test/knowledge-factory';
import { startTestServer, type SignedInClient, type TestServer } from '../../server/test/test-server';

const { values } = parseArgs({
  options: {
    editors: { type: 'string', default: '10' },
    keys: { type: 'string', default: '20' },
    'gap-ms': { type: 'string', default: '30' },
    documents: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
  },
});
const EDITORS = Number(values.editors);
const KEYS = Number(values.keys);
const GAP_MS = Number(values['gap-ms']);
const DOCUMENTS = Number(values.documents);
const SECONDS = Number(values.seconds);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const paragraphLength = (editor: CollaborationClient, index: number) => {
  const paragraph = editor.doc.getXmlFragment('default').get(index);
  const text = paragraph instanceof Y.XmlElement ? paragraph.get(0) : undefined;
  return text instanceof Y.XmlText ? text.length : 0;
};

/** Resolves when `editor`'s copy of paragraph `index` is at least `length` long. */
function arrival(editor: CollaborationClient, index: number, length: number): Promise<void> {
  if (paragraphLength(editor, index) >= length) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (paragraphLength(editor, index) < length) return;
      editor.doc.off('update', check);
      resolve();
    };
    editor.doc.on('update', check);
  });
}

async function latency(lore: TestServer, owner: SignedInClient, accountId: string) {
  const content = Array.from({ length: EDITORS }, (_, i) => `<p>Editor ${i}:</p>`).join('');
  const item = await createItem(owner, accountId, { title: 'Latency', content });
  const editors = Array.from({ length: EDITORS }, () => new CollaborationClient(owner, accountId, item.id));
  await Promise.all(editors.map((editor) => editor.whenSynced()));
  await Promise.all(
    editors.map((editor) => editor.until(() => editor.text().split('\n').length === EDITORS, 'the text')),
  );
  const samples: number[] = [];
  for (let key = 0; key < KEYS; key++) {
    for (const [index, typist] of editors.entries()) {
      const paragraph = typist.doc.getXmlFragment('default').get(index) as Y.XmlElement;
      const text = paragraph.get(0) as Y.XmlText;
      const target = text.length + 1;
      const others = editors.filter((editor) => editor !== typist);
      const started = performance.now();
      const arrivals = others.map((editor) => arrival(editor, index, target).then(() => performance.now() - started));
      text.insert(text.length, 'x');
      samples.push(...(await Promise.all(arrivals)));
      await sleep(GAP_MS);
    }
  }
  await Promise.all(editors.map((editor) => editor.allStored()));
  await Promise.all(editors.map((editor) => editor.close()));
  samples.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`Keystroke to the other ${EDITORS - 1} editors (${EDITORS} editors, ${samples.length} arrivals):`);
  console.log(
    `  p50 ${ms(percentile(samples, 0.5))}  p95 ${ms(percentile(samples, 0.95))}  max ${ms(samples.at(-1)!)}`,
  );
  console.log(`  target p95 <= 100 ms: ${percentile(samples, 0.95) <= 100 ? 'met' : 'NOT met'}`);
}

/** The heap once garbage is collected (several passes, with a turn between: sockets free buffers late). */
async function heapAfterGc() {
  for (let pass = 0; pass < 3; pass++) {
    (globalThis as { gc?: () => void }).gc?.();
    await sleep(50);
  }
  return process.memoryUsage().heapUsed;
}

async function memory(owner: SignedInClient, accountId: string) {
  const text = `<p>${'Lorem ipsum dolor sit amet, consectetur. '.repeat(120)}</p>`;
  const items = [];
  for (let i = 0; i < DOCUMENTS; i++)
    items.push(await createItem(owner, accountId, { title: `Memory ${i}`, content: text }));
  const before = await heapAfterGc();
  const editors = items.map((item) => new CollaborationClient(owner, accountId, item.id));
  await Promise.all(editors.map((editor) => editor.until(() => editor.text().length > 4000, 'the text')));
  const withDocuments = await heapAfterGc();
  // What the editors' own copies cost, to take away: the same documents held without a server.
  const copies = editors.map((editor) => {
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(editor.doc));
    return copy;
  });
  const withCopies = await heapAfterGc();
  const kB = (bytes: number) => `${(bytes / 1024 / DOCUMENTS).toFixed(0)} kB`;
  console.log(`Heap per open document (${DOCUMENTS} documents of about 5,000 characters, one editor each):`);
  console.log(
    `  ${kB(withDocuments - before)} with its editor (server and client share this process); ` +
      `a bare copy of the document alone: ${kB(withCopies - withDocuments)}` +
      ((globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for steadier figures)'),
  );
  copies.forEach((copy) => copy.destroy());
  await Promise.all(editors.map((editor) => editor.close()));
}

async function storage(lore: TestServer, owner: SignedInClient, accountId: string) {
  const item = await createItem(owner, accountId, { title: 'Typing', content: '' });
  const typist = new CollaborationClient(owner, accountId, item.id);
  await typist.whenSynced();
  typist.type('');
  const keys = SECONDS * 5;
  const words = 'the quick brown fox jumps over the lazy dog and then deletes a word ';
  for (let key = 0; key < keys; key++) {
    // Now and then a word is taken back, as people do.
    const paragraph = typist.doc.getXmlFragment('default').get(1) as Y.XmlElement;
    const text =
      (paragraph.get(0) as Y.XmlText | undefined) ??
      (paragraph.insert(0, [new Y.XmlText()]), paragraph.get(0) as Y.XmlText);
    if (key % 40 === 39) text.delete(Math.max(0, text.length - 5), 5);
    else text.insert(text.length, words[key % words.length]!);
    await sleep(200);
  }
  await typist.allStored();
  const before = await documentBytes(lore.db, item.id);
  await typist.close();
  while (lore.deps.collaboration.isOpen(item.id)) await sleep(50);
  const after = await documentBytes(lore.db, item.id);
  const perHour = (bytes: number) => `${((bytes * 3600) / SECONDS / 1024).toFixed(0)} kB`;
  console.log(
    `Database bytes (the Yjs payloads, without row overhead) for ${SECONDS} s of typing at 5 keys a second (${keys} updates):`,
  );
  console.log(
    `  before compaction ${before} bytes (${perHour(before)} an hour); after ${after} bytes (${perHour(after)} an hour)`,
  );
}

const lore = await startTestServer();
try {
  const team = await lore.account();
  await latency(lore, team.owner, team.id);
  await memory(team.owner, team.id);
  await storage(lore, team.owner, team.id);
} finally {
  await lore.close();
}
