import path from 'node:path';
import { Parser } from 'htmlparser2';

/** What the importer knows of a path in the import when a link names it. */
export interface LinkTargets {
  /** The short id of the item the file at this path becomes (reserved before any is written). */
  shortIdOf(filePath: string): string | undefined;
  /** Why the file at this path is not imported, when it is in the import but skipped. */
  skippedReason(filePath: string): string | undefined;
  /** Whether the import holds a file at this path (an image, a stylesheet...). */
  holds(filePath: string): boolean;
  /** Whether the path is inside the folder imported (the one folder every file is in, when they all are). */
  inside(filePath: string): boolean;
}

/** A link that could not be made to lead to an imported item: as written, and why. */
export interface UnresolvedLink {
  href: string;
  reason: string;
}

/** What became of one document's links: those rewritten, with the paths they lead to, and those that could not be. */
export interface DocumentLinks {
  rewritten: Array<{ href: string; to: string }>;
  unresolved: UnresolvedLink[];
}

export const OUTSIDE_REASON = 'It leads outside the imported folder';
export const NOT_IN_IMPORT_REASON = 'Its file is not in the import';
const notAnItem = (name: string) => `It leads to ${name}, which is not imported as an item`;

/** The paths a link may mean: as written, with a document's extension, a folder's own page, `.md` for `.html`. */
function candidatesOf(target: string): string[] {
  const bare = target.replace(/\/+$/, '');
  const stem = bare.replace(/\.(html?|md|markdown)$/i, '');
  return [
    bare,
    // Notion's database: the link names its filtered copy, the import keeps its full one.
    ...(/\.csv$/i.test(bare) ? [bare.replace(/\.csv$/i, '_all.csv')] : []),
    ...['md', 'markdown', 'html', 'htm'].map((ext) => `${stem}.${ext}`),
    ...['index.md', 'README.md', 'readme.md', 'index.html'].map((own) => `${bare}/${own}`),
  ];
}

/**
 * The new address of each link of one document, for the sanitizer to write as it reads the
 * document's HTML (`sanitizeKnowledgeHtml`'s `linkTo`; a second parse of each page only for its
 * links was a tenth of an import's time). A relative link to another file of the import leads to
 * the item it becomes (`/account/:accountId/knowledge/:shortId`, Lore's address of an article). A
 * relative link that cannot (outside the folder, not in the import, its file skipped or not a
 * document) keeps its text but not its address (`null`: a bare span), which would lead nowhere in
 * Lore, and is reported. Other links stay as they are (`undefined`). `links` says what became of them.
 */
export function documentLinks(context: { folder: string; accountId: string; targets: LinkTargets }) {
  const { folder, accountId, targets } = context;
  const links: DocumentLinks = { rewritten: [], unresolved: [] };
  const linkTo = (written: string): string | null | undefined => {
    const href = written.trim();
    if (!href || href.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return undefined;
    let decoded = href.replace(/[?#].*$/, '');
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // Kept as written.
    }
    const target = path.posix.normalize(decoded.startsWith('/') ? decoded.slice(1) : path.posix.join(folder, decoded));
    const outside = target === '..' || target.startsWith('../') || !targets.inside(target);
    const found = outside ? undefined : resolve(target, targets);
    if (found && 'shortId' in found) {
      links.rewritten.push({ href, to: found.path });
      return `/account/${accountId}/knowledge/${found.shortId}`;
    }
    links.unresolved.push({ href, reason: found?.reason ?? OUTSIDE_REASON });
    return null;
  };
  return { linkTo, links };
}

function resolve(target: string, targets: LinkTargets): { path: string; shortId: string } | { reason: string } {
  const candidates = candidatesOf(target);
  for (const candidate of candidates) {
    const shortId = targets.shortIdOf(candidate);
    if (shortId) return { path: candidate, shortId };
  }
  for (const candidate of candidates) {
    const skipped = targets.skippedReason(candidate);
    if (skipped) return { reason: `Its file (${candidate}) was skipped: ${skipped}` };
  }
  if (targets.holds(target)) return { reason: notAnItem(path.posix.basename(target)) };
  return { reason: NOT_IN_IMPORT_REASON };
}

/**
 * The hrefs of a document's links, as written, each time it is written: read as the sanitizer reads
 * them (htmlparser2, character references decoded), so that each can be resolved before the page is
 * sanitized in its thread (decision 60).
 */
export function hrefsIn(html: string): string[] {
  const hrefs: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'a' && attribs.href !== undefined) hrefs.push(attribs.href);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return hrefs;
}
