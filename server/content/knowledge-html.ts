import sanitizeHtml from 'sanitize-html';
import { KNOWLEDGE_IMAGES_BUCKET, KNOWLEDGE_PDFS_BUCKET, STORED_PATH } from '../../common/files';
import { PREVIEW_LENGTH } from '../../common/knowledge';
import { COMMENT_THREAD_ATTRIBUTE } from '../../common/discussion';
import { WorkerThread } from '../threads/worker-thread';

/** The attributes of a PDF viewer block (`<div data-type="pdf-viewer">`): src, filename, width, height. */
const PDF_VIEWER_ATTRIBUTES = ['data-type', 'data-src', 'data-filename', 'data-width', 'data-height'];
const PDF_VIEWER = 'pdf-viewer';
const DIMENSION = /^[1-9][0-9]{0,4}$/;
/** Lore's address for a stored PDF, exactly as the editor writes it. */
const OWN_PDF_SOURCE = new RegExp(`^/api/secureImage\\?bucket=${KNOWLEDGE_PDFS_BUCKET}&path=([^&#]+)$`);

/**
 * What the editor may produce and nothing else: no scripts, event handlers,
 * styles, frames or forms; links only to http(s) and mail; images only from
 * our own secureImage address or https; PDF viewer blocks only for a PDF of
 * the item's own account (without an account, none).
 */
const policyFor = (accountId: string | undefined, linkTo: LinkTo | undefined): sanitizeHtml.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    's',
    'del',
    'u',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'hr',
    'img',
    'label',
    'div',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-path'],
    ul: ['data-type'],
    li: ['data-type', 'data-checked'],
    ol: ['start'],
    code: ['class'],
    div: PDF_VIEWER_ATTRIBUTES,
    span: SPAN_ATTRIBUTES,
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = linkTo && attribs.href !== undefined ? linkTo(attribs.href) : undefined;
      // The link goes, its text stays. (A tag dropped here would be sanitize-html's `excludeTag`, which
      // copies the output so far once per link: 122 ms for a manual page of 387 links, not 13.)
      if (href === null) return { tagName: 'span', attribs: {} };
      return {
        tagName,
        attribs: {
          ...attribs,
          ...(href !== undefined && { href }),
          rel: 'noopener noreferrer nofollow',
          target: '_blank',
        },
      };
    },
    div: (tagName, attribs) => ({ tagName, attribs: pdfViewerAttributes(attribs) }),
    span: (tagName, attribs) => ({ tagName, attribs: spanAttributes(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: cellSpans(attribs) }),
    td: (tagName, attribs) => ({ tagName, attribs: cellSpans(attribs) }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src)) ||
    (frame.tag === 'div' &&
      frame.attribs['data-type'] === PDF_VIEWER &&
      !(accountId && ownPdfPath(frame.attribs['data-src'], accountId))),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A span's attributes: a mention's (decision 38) or an inline comment thread's mark, nothing else. */
export const SPAN_ATTRIBUTES = ['data-type', 'data-id', 'data-label', COMMENT_THREAD_ATTRIBUTE];

/**
 * A span keeps a mention's person and name (`data-type="mention" data-id data-label`) and the id of the
 * comment thread it marks (`data-comment-thread`), each only when well formed; other attributes go.
 */
export function spanAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  if (attribs['data-type'] === 'mention' && UUID.test(attribs['data-id'] ?? '')) {
    kept['data-type'] = 'mention';
    kept['data-id'] = attribs['data-id']!;
    const label = (attribs['data-label'] ?? '').trim().slice(0, 200);
    if (label) kept['data-label'] = label;
  }
  const thread = attribs[COMMENT_THREAD_ATTRIBUTE] ?? '';
  if (UUID.test(thread)) kept[COMMENT_THREAD_ATTRIBUTE] = thread;
  return kept;
}

/** The spans the editor writes: 2 to 99 (1 is every cell's, and not written). */
const SPAN = /^([2-9]|[1-9][0-9])$/;

function cellSpans(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const name of ['colspan', 'rowspan']) if (SPAN.test(attribs[name] ?? '')) kept[name] = attribs[name]!;
  return kept;
}

/** A div keeps attributes only as a PDF viewer block, and then only a filename and whole-number dimensions. */
function pdfViewerAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (attribs['data-type'] !== PDF_VIEWER) return {};
  const kept: sanitizeHtml.Attributes = { 'data-type': PDF_VIEWER, 'data-src': attribs['data-src'] ?? '' };
  const filename = (attribs['data-filename'] ?? '').trim().slice(0, 255);
  if (filename) kept['data-filename'] = filename;
  for (const name of ['data-width', 'data-height'])
    if (DIMENSION.test(attribs[name] ?? '')) kept[name] = attribs[name]!;
  return kept;
}

/** The stored PDF a viewer block's src names, when it is Lore's own address for a PDF of the account. */
export function ownPdfPath(src: string | undefined, accountId: string): string | undefined {
  const match = OWN_PDF_SOURCE.exec(src ?? '');
  if (!match) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return STORED_PATH.test(path) && path.startsWith(`${accountId}/`) && path.endsWith('.pdf') ? path : undefined;
}

/** Our own image address, exactly; any other relative address could be one of Lore's actions fetched by the reader. */
const OWN_IMAGE_SOURCE = /^\/api\/secureImage\?[^#\\]*$/;

/** Images come from Lore's image address or https, never from another of Lore's paths (a sign-in link, say). */
function isAllowedImageSource(src: string | undefined): boolean {
  return !!src && (OWN_IMAGE_SOURCE.test(src) || /^https:\/\//i.test(src));
}

/** A link's new address as the HTML is sanitized: another address, `null` to keep only its text, `undefined` to keep it. */
export type LinkTo = (href: string) => string | null | undefined;

/**
 * Editor HTML made safe to store and to show; PDF viewer blocks are kept only for PDFs of
 * `accountId`. An import gives `linkTo`, to make its files' links lead to their items.
 */
export function sanitizeKnowledgeHtml(html: string, accountId?: string, linkTo?: LinkTo): string {
  return sanitizeHtml(html, policyFor(accountId, linkTo));
}

/**
 * What the sanitizing thread is sent: the HTML, the workspace it is for, and, to lead its links
 * elsewhere, each link's new address by its href as written (`LinkTo`'s answers).
 */
export interface SanitizeInput {
  html: string;
  accountId: string;
  links?: Array<[href: string, address: ReturnType<LinkTo>]>;
}

/** How long sanitizing one page may take (linear in its length: milliseconds, even for the longest). */
const SANITIZE_TIME_LIMIT_MS = 60_000;

const sanitizeThread = new WorkerThread<SanitizeInput, string>(
  { callerUrl: import.meta.url, name: 'sanitize-worker', heapMb: 256 },
  () => new Error('Sanitizing the page took too long'),
);

/**
 * HTML as `sanitizeKnowledgeHtml` made it for a workspace, made only here: who holds one need not
 * sanitize it again. An import sanitizes a page to check its length before it saves it, and
 * sanitizing is a tenth of its time a page (decision 49).
 */
export class SanitizedHtml {
  private constructor(
    readonly html: string,
    readonly accountId: string,
  ) {}

  static of(html: string, accountId: string, linkTo?: LinkTo): SanitizedHtml {
    return new SanitizedHtml(sanitizeKnowledgeHtml(html, accountId, linkTo), accountId);
  }

  /**
   * As `of`, in the sanitizing thread (`sanitize-worker.ts`), with the links' addresses resolved
   * beforehand: an import's pages, whose sanitizing would otherwise hold Lore's thread (decision 60).
   */
  static async inThread(input: SanitizeInput): Promise<SanitizedHtml> {
    return new SanitizedHtml(await sanitizeThread.run(input, SANITIZE_TIME_LIMIT_MS), input.accountId);
  }
}

/** The HTML safe to store in the workspace: sanitized now, unless it was for this workspace already. */
export const safeHtmlFor = (content: string | SanitizedHtml, accountId: string): string =>
  content instanceof SanitizedHtml && content.accountId === accountId
    ? content.html
    : sanitizeKnowledgeHtml(content instanceof SanitizedHtml ? content.html : content, accountId);

/** Paths of the account's stored PDFs that an item's HTML shows in viewer blocks. */
export function storedPdfPaths(html: string, accountId: string): string[] {
  const paths = new Set<string>();
  sanitizeHtml(html, {
    allowedTags: ['div'],
    allowedAttributes: { div: ['data-type', 'data-src'] },
    exclusiveFilter: (frame) => {
      const path =
        frame.attribs['data-type'] === PDF_VIEWER ? ownPdfPath(frame.attribs['data-src'], accountId) : undefined;
      if (path) paths.add(path);
      return false;
    },
  });
  return [...paths];
}

/** The visible text of stored HTML, whitespace collapsed; used for previews. */
export function htmlToText(html: string): string {
  const spaced = html
    .replace(/<\/(p|h\d|li|pre|blockquote|div|tr)>|<br\s*\/?>/gi, '$& ')
    // A table's cells apart, as "Env | Owner | Rollback prod | Ana | 5 min", never "EnvOwnerRollback".
    .replace(/(<\/t[dh]>)(\s*)(<t[dh][\s>])/gi, '$1 | $3');
  const text = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/**
 * A list card's text: the body as plain text, cut at PREVIEW_LENGTH characters; stored with the item when it is saved.
 * Only the beginning of a long body is read: sanitized HTML cut before a tag has a beginning of the whole's text for
 * its text. Reading the whole of a 70 kB page of a manual took 4 ms of every save of it.
 */
export function knowledgePreview(html: string): string {
  for (let end = 4 * PREVIEW_LENGTH; end < html.length; end *= 4) {
    const cut = html.lastIndexOf('<', end);
    if (cut <= 0) continue;
    const text = htmlToText(html.slice(0, cut));
    if (text.length >= PREVIEW_LENGTH) return text.slice(0, PREVIEW_LENGTH);
  }
  return htmlToText(html).slice(0, PREVIEW_LENGTH);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** Paths of our stored images that an item's HTML shows, limited to the given account's folder. */
export function storedImagePaths(html: string, accountId: string): string[] {
  const paths = new Set<string>();
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src', 'data-path'] },
    exclusiveFilter: (frame) => {
      const candidates = [frame.attribs['data-path'], pathFromSecureUrl(frame.attribs.src)];
      for (const candidate of candidates) {
        if (candidate && STORED_PATH.test(candidate) && candidate.startsWith(`${accountId}/`)) paths.add(candidate);
      }
      return false;
    },
  });
  return [...paths];
}

/** The stored path in one of our secureImage addresses, if it is one (any account). */
export function pathFromSecureUrl(src: string | undefined): string | undefined {
  if (!src?.startsWith('/api/secureImage?')) return undefined;
  const params = new URLSearchParams(src.slice('/api/secureImage?'.length));
  return params.get('bucket') === KNOWLEDGE_IMAGES_BUCKET ? (params.get('path') ?? undefined) : undefined;
}
