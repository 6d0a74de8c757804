import path from 'node:path';
import type { ImportedFile } from '../../../common/transfer';
import type { ManifestCollection } from '../format';
import { handlerFor, unsupportedReason } from './documents';
import { restoreDocuments } from './lore-export';
import { importKeyOf, readOnce, type PendingDocument } from './pending';
import { fileTreePlace, folderPathsOf } from './placement';
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
 * a Markdown file beside it or Notion's filtered copy of a database beside its full `_all.csv`).
 */
export function planImport(entries: ImportEntry[]): ImportPlan {
  const { documents, restored, collections } = restoreDocuments(entries);
  const paths = new Set(entries.map((entry) => entry.path));
  const folderPaths = folderPathsOf(paths);
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
      place: fileTreePlace(entry.path, folderPaths),
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
  if (/\.csv$/i.test(filePath) && paths.has(`${stem}_all.csv`))
    return `Notion's filtered copy of ${stem}_all.csv, which is imported with every row`;
  return undefined;
}
