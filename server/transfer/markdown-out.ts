import matter from 'gray-matter';
import TurndownService from 'turndown';

/** What these rules read of an element (turndown's own type differs with and without the DOM library). */
interface Element {
  nodeName: string;
  isBlock?: boolean;
  getAttribute(name: string): string | null;
}
const isPdfViewer = (node: Element) => node.nodeName === 'DIV' && node.getAttribute('data-type') === 'pdf-viewer';

/** A PDF viewer block as a link to the PDF beside the file. */
function pdfLink(node: Element): string {
  const name = (node.getAttribute('data-filename') || 'PDF').replace(/([\\[\]])/g, '\\$1');
  return `\n\n[${name}](${encodeURI(node.getAttribute('data-src') ?? '')})\n\n`;
}

const turndown = new TurndownService({
  // A viewer block has no content of its own, and turndown drops empty elements before any rule sees them.
  blankReplacement: (_content, node) => {
    const element = node as unknown as Element;
    return isPdfViewer(element) ? pdfLink(element) : element.isBlock ? '\n\n' : '';
  },
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
  hr: '---',
});
// The editor's task lists: `<li data-checked="true">` becomes `[x] `.
turndown.addRule('taskItem', {
  filter: (node) => node.nodeName === 'LI' && node.hasAttribute('data-checked'),
  replacement: (content, node) => {
    const checked = (node as { getAttribute(name: string): string | null }).getAttribute('data-checked') === 'true';
    return `- [${checked ? 'x' : ' '}] ${content.trim().replace(/\n+/g, ' ')}\n`;
  },
});

// Tables as GitHub-flavoured Markdown: a row a line, cells between pipes, a divider under the first row (GFM
// has no table without a header row: the first row is it). A cell is one line: its blocks joined by spaces.
const cellText = (content: string) =>
  content
    .trim()
    .replace(/\s*\n+\s*/g, ' ')
    .replace(/\|/g, '\\|');
interface TableNode extends Element {
  parentNode: TableNode | null;
  children: ArrayLike<Element>;
  querySelector(selector: string): unknown;
}
/** A cell spanning columns takes as many cells of the line (Markdown has no spans): the columns stay in line. */
const spanOf = (cell: Element) => Math.max(1, Number(cell.getAttribute('colspan')) || 1);
const isFirstRow = (row: TableNode) => {
  const table = row.parentNode?.nodeName === 'TABLE' ? row.parentNode : row.parentNode?.parentNode;
  return table?.querySelector('tr') === row;
};
turndown.addRule('tableCell', {
  filter: ['th', 'td'],
  replacement: (content, node) =>
    `${node.previousSibling ? '' : '|'} ${cellText(content)} |${' |'.repeat(spanOf(node as unknown as Element) - 1)}`,
});
turndown.addRule('tableRow', {
  filter: 'tr',
  replacement: (content, node) => {
    const row = node as unknown as TableNode;
    if (!isFirstRow(row)) return `${content}\n`;
    const columns = Array.from(row.children).reduce((count, cell) => count + spanOf(cell), 0);
    return `${content}\n|${' --- |'.repeat(columns)}\n`;
  },
});
turndown.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
turndown.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.trim()}\n\n` });

/** An item as a Markdown file: front matter (title, tags, author, dates), then its body. */
export function itemMarkdown(item: {
  title: string;
  tags: string[];
  author: string | null;
  created: Date;
  updated: Date;
  html: string;
}): string {
  const front = {
    title: item.title,
    tags: item.tags,
    // The article's own fallback for an author without a name (spec section 2).
    author: item.author ?? 'Unknown Author',
    created: item.created.toISOString(),
    updated: item.updated.toISOString(),
  };
  return matter.stringify(`${turndown.turndown(item.html)}\n`, front);
}
