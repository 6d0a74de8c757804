import sanitizeHtml from 'sanitize-html';
import { KNOWLEDGE_IMAGES_BUCKET, STORED_PATH } from '../../common/files';

/**
 * What the editor may produce and nothing else: no scripts, event handlers,
 * styles, frames or forms; links only to http(s) and mail; images only from
 * our own secureImage address or https.
 */
const policy: sanitizeHtml.IOptions = {
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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-path'],
    ul: ['data-type'],
    li: ['data-type', 'data-checked'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
};

/** Our own image address, exactly; any other relative address could be one of Lore's actions fetched by the reader. */
const OWN_IMAGE_SOURCE = /^\/api\/secureImage\?[^#\\]*$/;

/** Images come from Lore's image address or https, never from another of Lore's paths (a sign-in link, say). */
function isAllowedImageSource(src: string | undefined): boolean {
  return !!src && (OWN_IMAGE_SOURCE.test(src) || /^https:\/\//i.test(src));
}

/** Editor HTML made safe to store and to show. */
export function sanitizeKnowledgeHtml(html: string): string {
  return sanitizeHtml(html, policy);
}

/** The visible text of stored HTML, whitespace collapsed; used for previews. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|pre|blockquote|div)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
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
