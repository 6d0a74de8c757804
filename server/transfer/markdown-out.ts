import matter from 'gray-matter';
import TurndownService from 'turndown';

const turndown = new TurndownService({
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
