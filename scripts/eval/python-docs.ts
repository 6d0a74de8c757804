/**
 * The search development set's corpus (../shared/search-eval): the Python 3.11
 * documentation from Debian's python3-doc, page by page, as a team would import it.
 * Shared by `npm run eval:search` and `npm run bench:storage`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { sanitizeKnowledgeHtml } from '../../server/content/knowledge-html';

export const PYTHON_DOCS = '/usr/share/doc/python3.11-doc/html';

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
