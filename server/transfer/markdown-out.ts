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
