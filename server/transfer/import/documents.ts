import path from 'node:path';
import { Readability } from '@mozilla/readability';
import matter from 'gray-matter';
import { parseHTML } from 'linkedom';
import { marked, type Token } from 'marked';
import {
  findAll,
  findFirst,
  innerHtml,
  parseHtml,
  removeNode,
  textIn,
  unwrapElements,
  type Document,
  type Element,
  type ParentNode,
} from '../../content/html-tree';
import { spanAttributes } from '../../content/knowledge-html';
import { readCsv } from './csv';
import { titleFromPath, withoutAnchors } from './names';

/**
 * A document read from a file: its title, tags and HTML, with image sources as
 * the file wrote them (relative ones are resolved by the importer). Sanitized later.
 */
export interface ReadDocument {
  title: string;
  tags: string[];
  html: string;
  /** Kept when restoring a Lore export. */
  createdAt?: Date;
  updatedAt?: Date;
  /** The hrefs of its links (`hrefsIn`), when the document thread listed them as it read it. */
  hrefs?: string[];
}

/** A file that cannot become an item, with the reason people are told. */
export class UnreadableDocument extends Error {}

/** Reads one kind of document. A new kind is one more entry in HANDLERS. */
export interface DocumentHandler {
  /** Lower-case extensions without the dot. */
  extensions: string[];
  /** Reads only the file's name, not its content: no need for the importer's document thread. */
  nameOnly?: boolean;
  read(file: { path: string; data: Uint8Array }): Promise<ReadDocument> | ReadDocument;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The file as UTF-8 text, without a byte-order mark. */
function textOf(data: Uint8Array): string {
  try {
    return decoder.decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw new UnreadableDocument('The file is not UTF-8 text');
  }
}

/** Why a file with nothing in it is skipped. */
export const EMPTY_REASON = 'The file is empty';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Tags from front matter: a list, or one comma-separated string. */
function tagsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list
    .filter((tag) => typeof tag === 'string' || typeof tag === 'number')
    .map((tag) => String(tag).trim())
    .filter(Boolean);
}

/** The text of inline Markdown (a heading), without its marks. */
function plainText(markdown: string): string {
  const html = marked.parseInline(markdown, { async: false });
  return textIn(parseHtml(html)).trim();
}

/**
 * Markdown: front matter `title` and `tags`; else the first H1, else the file name (`index.md` and `README.md`
 * their folder's). The H1 the title came from is taken out of the body when it opens it; titles lose their anchors.
 */
export const markdownHandler: DocumentHandler = {
  extensions: ['md', 'markdown'],
  read({ path: filePath, data }) {
    const text = textOf(data);
    if (!text.trim()) throw new UnreadableDocument(EMPTY_REASON);
    let parsed: matter.GrayMatterFile<string>;
    try {
      // No cache: gray-matter caches by content, and would hand one file's mutable result to another.
      parsed = matter(text, {});
    } catch {
      throw new UnreadableDocument('Its front matter is not valid YAML');
    }
    const front = (parsed.data ?? {}) as Record<string, unknown>;
    const tokens = marked.lexer(parsed.content);
    const fromFront = typeof front.title === 'string' || typeof front.title === 'number';
    let title = fromFront ? withoutAnchors(String(front.title)) : '';
    const first = tokens.findIndex((token) => token.type !== 'space');
    const heading = tokens.find(
      (token): token is Token & { type: 'heading'; text: string; depth: number } =>
        token.type === 'heading' && (token as { depth?: number }).depth === 1,
    );
    const headingTitle = heading ? withoutAnchors(plainText(heading.text)) : '';
    if (!title) title = headingTitle;
    // The title is not said twice: an opening H1 that says it leaves the body.
    if (heading && tokens[first] === heading && headingTitle === title) tokens.splice(first, 1);
    const html = marked.parser(tokens as Parameters<typeof marked.parser>[0], { async: false });
    if (!title && !html.trim()) throw new UnreadableDocument(EMPTY_REASON);
    return { title: title || titleFromPath(filePath), tags: tagsOf(front.tags), html };
  },
};

/** Permalinks documentation tools put in headings (Sphinx, MkDocs, VitePress, anchor.js, GitHub's pages). */
const PERMALINKS =
  'a.headerlink, a.header-anchor, a.anchorjs-link, a.anchor, a.heading-anchor, a[title^="Permalink"], a[title="Permanent link"]';

/**
 * HTML: the page's main content, its title or the file name. The content is what the page marks as
 * its main content (markedMainContent); a page that marks none is read by Readability, which finds
 * the article by its text and drops navigation, sidebars and footers. The page is read on
 * htmlparser2's tree (`content/html-tree.ts`); only Readability gets linkedom's DOM (decision 50).
 */
export const htmlHandler: DocumentHandler = {
  extensions: ['html', 'htm'],
  read({ path: filePath, data }) {
    const source = textOf(data);
    if (!source.trim()) throw new UnreadableDocument(EMPTY_REASON);
    const page = parseHtml(source);
    for (const link of findAll(PERMALINKS, page)) removeNode(link);
    const confluence = confluencePage(page);
    if (confluence) return { title: confluence.title || titleFromPath(filePath), tags: [], html: confluence.html };
    const marked = markedMainContent(page);
    if (!marked) return readArticle(source, filePath);
    const pageTitle = withoutAnchors(textIn(findFirst('title', page)));
    const heading = findFirst('h1', marked) ?? findFirst('h1', page);
    const title = withoutAnchors(textIn(heading)) || pageTitle || titleFromPath(filePath);
    withoutOpeningHeading(marked, title);
    unwrapElements(marked, isBareSpan);
    return { title, tags: [], html: innerHtml(marked) };
  },
};

/**
 * A span that marks nothing Lore keeps (no mention, no comment thread): highlighted code's tokens and
 * a tool's inline styling. Its text stays, the tag goes; a page of the Python docs held 3,165 of them.
 * Unwrapped in the content once it is found: pages name their parts by spans (Confluence's title).
 */
const isBareSpan = (element: Element) =>
  element.name === 'span' && Object.keys(spanAttributes(element.attribs)).length === 0;

/** A page Readability reads: the article it finds by its text, its title the page's first H1, else Readability's. */
function readArticle(source: string, filePath: string): ReadDocument {
  const { document } = parseHTML(source);
  for (const link of [...document.querySelectorAll(PERMALINKS)]) link.remove();
  // A main content with no text of its own (a page its scripts fill): its navigation goes, as markedMainContent took it.
  const main = document.querySelector('[role=main]') ?? document.querySelector('main');
  const articles = main ? [...main.querySelectorAll('article')] : [];
  const marked = articles.length === 1 ? articles[0] : main;
  for (const part of [...(marked?.querySelectorAll(AROUND_CONTENT) ?? [])]) part.remove();
  const pageTitle = withoutAnchors(document.querySelector('title')?.textContent ?? '');
  const heading = withoutAnchors(document.querySelector('h1')?.textContent ?? '');
  // Readability rewrites relative addresses against the page's own; keep them as written for the importer.
  const sources = [...document.querySelectorAll('img')].map((img, index) => {
    const src = img.getAttribute('src') ?? '';
    img.setAttribute('src', `https://lore-import.invalid/${index}`);
    return src;
  });
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
    charThreshold: 20,
  }).parse();
  let html = article?.content ?? document.body?.innerHTML ?? '';
  html = html.replace(/https:\/\/lore-import\.invalid\/(\d+)/g, (_: string, index: string) =>
    escapeHtml(sources[Number(index)] ?? ''),
  );
  const title = heading || withoutAnchors(article?.title ?? '') || pageTitle || titleFromPath(filePath);
  const read = parseHtml(html);
  unwrapElements(read, isBareSpan);
  withoutOpeningHeading(read, title);
  return { title, tags: [], html: innerHtml(read) };
}

/**
 * What is not the content though inside it: navigation, footers, a search form, what is hidden. An
 * `<aside>` there stays: inside the main content it is the content's own (Sphinx's footnotes, a note).
 */
const AROUND_CONTENT = 'nav, footer, [role=navigation], [role=contentinfo], [role=search], [hidden]';

/**
 * The main content a page marks as such (ARIA's `role="main"`, else HTML's `<main>`, as Sphinx, MkDocs,
 * Docusaurus, VitePress, Javadoc and most documentation tools write), narrowed to its one `<article>` when
 * it holds exactly one, without the navigation and footers inside it. Undefined when the page
 * marks none, or an empty one (a page its scripts fill). Readability guesses the article by its text's
 * density, and took a page that is mostly links (a chapter's contents) for its footer: 15 pages of the
 * Python docs came in as their copyright notice. A page is also read in a third of the time.
 */
function markedMainContent(page: Document): Element | undefined {
  const main = findFirst('[role=main]', page) ?? findFirst('main', page);
  if (!main) return undefined;
  const articles = findAll('article', main);
  const content = articles.length === 1 ? articles[0]! : main;
  for (const part of findAll(AROUND_CONTENT, content)) removeNode(part);
  return textIn(content).trim() ? content : undefined;
}

/**
 * A page of Confluence's HTML export: its content is `#main-content` (breadcrumbs, the page's metadata, its
 * list of attachments and the footer are around it) and its title `#title-text` after the space's name and " : ".
 */
function confluencePage(page: Document): { title: string; html: string } | undefined {
  const content = findFirst('#main-content', page);
  const heading = findFirst('#title-text', page);
  if (!content || !heading) return undefined;
  const space = textIn(findFirst('#breadcrumbs li a', page)).trim();
  let title = textIn(heading).replace(/\s+/g, ' ').trim();
  if (space && title.startsWith(`${space} : `)) title = title.slice(space.length + 3).trim();
  unwrapElements(content, isBareSpan);
  return { title: withoutAnchors(title), html: innerHtml(content) };
}

/** Takes the content's first heading out when it says the title (the item shows its title already). */
function withoutOpeningHeading(content: ParentNode, title: string) {
  const first = findFirst('h1, h2', content);
  if (first && withoutAnchors(textIn(first)) === title) removeNode(first);
}

/** Plain text: the file name as title, paragraphs at blank lines, line breaks kept. */
export const textHandler: DocumentHandler = {
  extensions: ['txt', 'text'],
  read({ path: filePath, data }) {
    const text = textOf(data).replace(/\r\n?/g, '\n').trim();
    if (!text) throw new UnreadableDocument(EMPTY_REASON);
    const html = text
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('');
    return { title: titleFromPath(filePath), tags: [], html };
  },
};

/** CSV (a Notion database, a spreadsheet): a table, its first row the header, named after the file. */
export const csvHandler: DocumentHandler = {
  extensions: ['csv'],
  read({ path: filePath, data }) {
    const rows = readCsv(textOf(data));
    if (rows.length === 0) throw new UnreadableDocument(EMPTY_REASON);
    const cells = (row: string[], tag: 'th' | 'td') =>
      `<tr>${row.map((cell) => `<${tag}><p>${escapeHtml(cell)}</p></${tag}>`).join('')}</tr>`;
    const [header, ...body] = rows;
    const html = `<table><tbody>${cells(header!, 'th')}${body.map((row) => cells(row, 'td')).join('')}</tbody></table>`;
    return { title: titleFromPath(filePath), tags: [], html };
  },
};

/**
 * PDF: an item named after the file that shows it in a viewer block. The block
 * names the file relatively, like an image in Markdown, so the importer checks,
 * stores and reads it (its text becomes searchable) as it does a PDF any document shows.
 */
export const pdfHandler: DocumentHandler = {
  extensions: ['pdf'],
  nameOnly: true,
  read({ path: filePath }) {
    const name = escapeHtml(path.posix.basename(filePath));
    return {
      title: titleFromPath(filePath),
      tags: [],
      html: `<div data-type="pdf-viewer" data-src="${escapeHtml(encodeURIComponent(path.posix.basename(filePath)))}" data-filename="${name}"></div>`,
    };
  },
};

/** Every kind of document the importer reads. */
export const HANDLERS: DocumentHandler[] = [markdownHandler, htmlHandler, textHandler, csvHandler, pdfHandler];

/** Why a file no handler reads is skipped: its type, and the ones Lore reads. */
export function unsupportedReason(filePath: string): string {
  const ext = path.posix.extname(filePath).slice(1).toLowerCase();
  return `${ext ? `A .${ext} file` : 'No file extension'}: Lore imports Markdown, HTML, text, CSV and PDF files`;
}

/** The handler for a file, by its extension; undefined for files that are not documents. */
export function handlerFor(filePath: string): DocumentHandler | undefined {
  const ext = path.posix.extname(filePath).slice(1).toLowerCase();
  return HANDLERS.find((handler) => handler.extensions.includes(ext));
}
