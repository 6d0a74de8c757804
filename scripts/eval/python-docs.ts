/**
 * The search development set's corpus (../shared/search-eval): the Python 3.11
 * documentation from Debian's python3-doc, page by page, as a team would import it.
 * Shared by `npm run eval:search` and `npm run bench:storage`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { createAccountWithOwner } from '../../server/commands/create-account';
import { sanitizeKnowledgeHtml } from '../../server/content/knowledge-html';
import { insertKnowledge } from '../../server/data/knowledge';
import { openDatabase } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { indexItemsNow } from '../../server/search/index-item';

export const PYTHON_DOCS = '/usr/share/doc/python3.11-doc/html';
/** Pages indexed in one transaction, as the indexer writes an import's (decision 49). */
const INDEX_BATCH = 16;

/** Every page of the documentation, as its id (path without .html) and file. */
export function pythonDocPages(dir = PYTHON_DOCS): Array<{ id: string; file: string }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('_') ? [] : pythonDocPages(file);
    return entry.name.endsWith('.html') ? [{ id: path.relative(PYTHON_DOCS, file).replace(/\.html$/, ''), file }] : [];
  });
}

/** A page's title and main content only: no navigation, sidebars, footers or permalink signs. */
export function readPythonDocPage(file: string) {
  const root = parse(fs.readFileSync(file, 'utf8'));
  const title = (root.querySelector('title')?.text ?? '').split(' — ')[0]!.trim() || path.basename(file, '.html');
  const main = root.querySelector('[role=main]') ?? root.querySelector('.body') ?? root;
  main.querySelectorAll('a.headerlink').forEach((link) => link.remove());
  return { title: title.slice(0, 200), content: sanitizeKnowledgeHtml(main.innerHTML) };
}

/**
 * The evaluations' workspace: the corpus's pages saved, then indexed in batches as Lore
 * indexes an import's, into a fresh embedded database, or into `data` (kept, and reused on
 * the next run with the pages it holds). `pages` imports only the pages `named` and
 * others up to that many. Answers the database, the workspace and which page each item is.
 */
export async function openEvaluationWorkspace(options: { data?: string; pages?: string; named: Set<string> }) {
  const started = Date.now();
  const all = pythonDocPages();
  const corpus = options.pages
    ? [
        ...all.filter((page) => options.named.has(page.id)),
        ...all
          .filter((page) => !options.named.has(page.id))
          .slice(0, Math.max(0, Number(options.pages) - options.named.size)),
      ]
    : all;
  const database = await openDatabase({ dataDir: options.data ?? 'memory://' });
  await migrateToLatest(database.db);
  const { db } = database;
  const pagesFile = options.data && path.join(options.data, 'eval-pages.json');
  if (pagesFile && fs.existsSync(pagesFile)) {
    const reused = JSON.parse(fs.readFileSync(pagesFile, 'utf8'));
    return { database, accountId: reused.accountId as string, pageOf: new Map<string, string>(reused.pages) };
  }
  const user = await db
    .insertInto('users')
    .values({ name: 'Evaluator', email: 'eval@lore.local', email_verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await createAccountWithOwner(db, { name: 'Python docs', userId: user.id });
  const pageOf = new Map<string, string>();
  for (const page of corpus) {
    const { title, content } = readPythonDocPage(page.file);
    const { id } = await insertKnowledge(db, { accountId: account.id, userId: user.id, title, content, tags: [] });
    pageOf.set(id, page.id);
  }
  const ids = [...pageOf.keys()];
  for (let at = 0; at < ids.length; at += INDEX_BATCH) await indexItemsNow(db, ids.slice(at, at + INDEX_BATCH));
  if (pagesFile) fs.writeFileSync(pagesFile, JSON.stringify({ accountId: account.id, pages: [...pageOf] }));
  console.log(`Imported and indexed ${corpus.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { database, accountId: account.id, pageOf };
}
