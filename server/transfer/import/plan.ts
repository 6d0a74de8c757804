import path from 'node:path';
import type { ImportedFile } from '../../../common/transfer';
import type { ManifestCollection } from '../format';
import { handlerFor, unsupportedReason } from './documents';
import { restoreDocuments } from './lore-export';
import { restoreOutline } from './outline-json';
import { importKeyOf, readOnce, type PendingDocument } from './pending';
import { OWN_PAGE } from './names';
import { fileTreePlace, folderPathsOf, type TreePlace } from './placement';
import { readInThread } from './read-in-thread';
import type { ImportEntry } from './sources';

/** Files the importer brings along when a document shows them, and otherwise reports as not shown. */
export const IMAGE_FILE = /\.(png|jpe?g|gif|webp|svg|bmp|tiff?|avif|ico)$/i;

/** What an import will do with each of its files, before any is read. */
export interface ImportPlan {
  /** The documents to import: an export's items, then files. */
  documents: PendingDocument[];
  /** Files skipped from the start, each with its reason. */
  skipped: ImportedFile[];
  /** The images, reported at the end when no document showed them. */
  images: string[];
  /** A Lore export's collections (version 2). */
  collections: ManifestCollection[];
}

/**
 * Sorts an import's files: a Lore export's items (restored from its manifest), documents, images,
 * and the files skipped at once (a type Lore does not read; a page sent twice, as the HTML built from
 * a Markdown file beside it, Sphinx's `_sources` copy of a built page, or Notion's filtered copy of a
 * database beside its full `_all.csv`).
 */
export function planImport(entries: ImportEntry[]): ImportPlan {
  const lore = restoreDocuments(entries);
  const outline = restoreOutline(entries);
  const documents = [...lore.documents, ...outline.documents];
  const restored = new Set([...lore.restored, ...outline.restored]);
  const collections = [...lore.collections, ...outline.collections];
  const paths = new Set(entries.map((entry) => entry.path));
  const folderPaths = folderPathsOf(paths);
  const confluence = confluencePlaces(entries);
  const plan: ImportPlan = { documents, skipped: [], images: [], collections };
  for (const entry of entries) {
    if (restored.has(entry.path)) continue;
    if (IMAGE_FILE.test(entry.path)) {
      plan.images.push(entry.path);
      continue;
    }
    const handler = handlerFor(entry.path);
    const duplicate = duplicateReason(entry.path, paths);
    if (!handler || duplicate) {
      plan.skipped.push({ path: entry.path, status: 'skipped', reason: duplicate ?? unsupportedReason(entry.path) });
      continue;
    }
    plan.documents.push({
      path: entry.path,
      folder: path.posix.dirname(entry.path),
      key: importKeyOf('file', entry.path, entry.data),
      place: confluence.get(entry.path) ?? fileTreePlace(entry.path, folderPaths),
      links: true,
      // Parsing (Readability over a DOM, Markdown) happens off the main thread.
      read: readOnce(() => (handler.nameOnly ? handler.read(entry) : readInThread(entry))),
    });
  }
  return plan;
}

/** Why a file is the copy of another file of the import, if it is. */
function duplicateReason(filePath: string, paths: ReadonlySet<string>): string | undefined {
  const stem = filePath.replace(/\.[^./]+$/, '');
  if (/\.html?$/i.test(filePath)) {
    const source = ['md', 'markdown'].map((ext) => `${stem}.${ext}`).find((candidate) => paths.has(candidate));
    if (source) return `The same page as ${source}, which is imported (this is the HTML built from it)`;
  }
  // Sphinx keeps each page's source beside the built site: `_sources/guide.rst.txt` for `guide.html`.
  const sphinx = /^(.*?)_sources\/(.+?)(\.rst|\.md)?\.txt$/.exec(filePath);
  if (sphinx && paths.has(`${sphinx[1]}${sphinx[2]}.html`))
    return `Sphinx's copy of the source of ${sphinx[1]}${sphinx[2]}.html, which is imported`;
  if (/\.csv$/i.test(filePath) && paths.has(`${stem}_all.csv`))
    return `Notion's filtered copy of ${stem}_all.csv, which is imported with every row`;
  return undefined;
}

/** Confluence's breadcrumbs: the links in `<ol id="breadcrumbs">`, in a page's first bytes. */
const BREADCRUMBS = /<ol[^>]*id="breadcrumbs"[^>]*>([\s\S]*?)<\/ol>/i;
const HREF = /href="([^"#?]+)"/gi;

/**
 * Where each page of a Confluence HTML export sits (decision 39). The export is one folder of pages; each
 * page's breadcrumbs name its ancestors, from the space's overview (`index.html`, the folder's own page)
 * down. A page's place is its folder, then one folder per ancestor; a page with pages is its folder's page.
 */
function confluencePlaces(entries: ImportEntry[]): Map<string, TreePlace> {
  const decoder = new TextDecoder();
  const ancestors = new Map<string, string[]>();
  for (const entry of entries) {
    if (!/\.html?$/i.test(entry.path)) continue;
    const crumbs = BREADCRUMBS.exec(decoder.decode(entry.data.subarray(0, 64 * 1024)))?.[1];
    if (!crumbs) continue;
    const folder = path.posix.dirname(entry.path);
    const chain = [...crumbs.matchAll(HREF)]
      .map((match) => path.posix.join(folder, decodedHref(match[1]!)))
      .filter((ancestor) => !OWN_PAGE.test(path.posix.basename(ancestor)) && ancestor !== entry.path);
    ancestors.set(entry.path, chain);
  }
  const places = new Map<string, TreePlace>();
  if (ancestors.size === 0) return places;
  const parents = new Set([...ancestors.values()].flat());
  const stem = (page: string) => path.posix.basename(page).replace(/\.html?$/i, '');
  for (const [page, chain] of ancestors) {
    const folder = path.posix.dirname(page);
    const folders = [...(folder === '.' ? [] : folder.split('/')), ...chain.map(stem)];
    places.set(
      page,
      parents.has(page)
        ? { kind: 'file', folders: [...folders, stem(page)], ownPage: true }
        : { kind: 'file', folders, ownPage: false },
    );
  }
  return places;
}

function decodedHref(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}
