import DOMPurify from 'dompurify';
import { Marked, type TokenizerAndRendererExtension } from 'marked';
import type { KnowledgeMap } from '@common/ai-search';
import { paths } from '@/lib/paths';

/** A class on the citation links the answer's styles and click handler look for. */
export const CITATION_CLASS = 'answer-citation';

let purify: ReturnType<typeof DOMPurify> | undefined;

/** Our own DOMPurify, made on first use (it needs the window), so its hook touches no one else's sanitizer. */
function sanitizer() {
  if (purify) return purify;
  purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    // Links the answer quotes from items lead out of the app: open them safely, in a new tab.
    if (node instanceof HTMLAnchorElement && !node.getAttribute('href')?.startsWith('/')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return purify;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** [n] (not a Markdown link's text) where n is in the knowledge map: a link to that item, by its short id. */
function citations(knowledgeMap: KnowledgeMap, accountId: string): TokenizerAndRendererExtension {
  const pattern = /^\[(\d+)\](?![(:])/;
  return {
    name: 'citation',
    level: 'inline',
    start: (source) => source.match(/\[\d+\]/)?.index,
    tokenizer(source) {
      const match = pattern.exec(source);
      if (match && knowledgeMap[match[1]!]) return { type: 'citation', raw: match[0], number: match[1] };
      return undefined;
    },
    renderer(token) {
      const number = token.number as string;
      const item = knowledgeMap[number]!;
      const href = paths.account(accountId).article(item.shortId);
      return `<a href="${escapeHtml(href)}" class="${CITATION_CLASS}" title="${escapeHtml(item.title)}" aria-label="Source ${number}: ${escapeHtml(item.title)}">${number}</a>`;
    },
  };
}

/** The answer's Markdown as HTML, not yet sanitised: parsed by marked (GitHub flavour), each [n] a link to its item. */
export function answerHtml(markdown: string, knowledgeMap: KnowledgeMap, accountId: string): string {
  if (!markdown.trim()) return '';
  const marked = new Marked({ gfm: true, async: false }).use({ extensions: [citations(knowledgeMap, accountId)] });
  return marked.parse(markdown) as string;
}

/**
 * The answer's Markdown as safe HTML to show: `answerHtml` sanitised by
 * DOMPurify, since the text comes from a model that may echo anything.
 */
export function renderAnswer(markdown: string, knowledgeMap: KnowledgeMap, accountId: string): string {
  return sanitizeAnswer(answerHtml(markdown, knowledgeMap, accountId));
}

/**
 * HTML made safe to show (an answer, or one saved earlier). DOMPurify needs a
 * real browser DOM (it is unsafe under happy-dom), so the browser tests check it.
 */
export function sanitizeAnswer(html: string): string {
  return sanitizer().sanitize(html, { USE_PROFILES: { html: true } });
}
