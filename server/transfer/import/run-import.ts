import crypto from 'node:crypto';
import path from 'node:path';
import {
  KNOWLEDGE_IMAGES_BUCKET,
  KNOWLEDGE_PDFS_BUCKET,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
  pdfThumbnailPath,
  secureImageUrl,
} from '../../../common/files';
import { knowledgeInputSchema, TITLE_MAX_LENGTH } from '../../../common/knowledge';
import { cleanPdfFilename } from '../../../common/knowledge-pdfs';
import { IMPORT_ALREADY_IMPORTED_REASON, type ImportedFile, type ImportLine } from '../../../common/transfer';
import type { AppDeps } from '../../app-env';
import { createKnowledgeItem, type AttachedPdf } from '../../commands/create-knowledge';
import { sanitizeKnowledgeHtml } from '../../content/knowledge-html';
import { findImportedItemId } from '../../data/knowledge';
import { AppError } from '../../errors';
import { detectImageType } from '../../storage/image-types';
import { PdfTimeoutError, readPdfForImport } from '../../storage/pdf';
import { MANIFEST_FORMAT, MANIFEST_NAME, PDFS_FOLDER, type Manifest, type ManifestCollection } from '../format';
import type { Role } from '../../db/types';
import { createPlacer, fileTreePlace, treeOrder, type Placer, type TreePlace } from './placement';
import { rewriteImages, rewritePdfViewers } from '../html-files';
import { handlerFor, UnreadableDocument, type ReadDocument } from './documents';
import { readInThread } from './read-in-thread';
import type { ImportEntry } from './sources';

export type ImportDeps = Pick<AppDeps, 'database' | 'files' | 'logger' | 'embedder'>;

/** Files the importer brings along when a document shows them, and otherwise passes over. */
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|svg|bmp|tiff?|avif|ico)$/i;

/**
 * A document waiting its turn: where it came from, the folder its images are relative to, how to
 * read it, and its identity (`key`), which the item keeps so that importing it again skips it.
 */
interface PendingDocument {
  path: string;
  folder: string;
  key?: string;
  /** Where it sits in what was imported: its folders, or its place in an export (decision 35). */
  place?: TreePlace;
  /** Its depth in an export's tree, so that parents are written before their pages. */
  depth?: number;
  /** Reads it once: started while the document before it is written, awaited in its turn. */
  read: () => Promise<ReadDocument>;
}

/** A read started at most once, whose promise is kept (a failure is seen in the document's turn). */
function readOnce(read: () => Promise<ReadDocument> | ReadDocument): () => Promise<ReadDocument> {
  let started: Promise<ReadDocument> | undefined;
  return () => {
    if (!started) {
      started = Promise.resolve().then(read);
      started.catch(() => {});
    }
    return started;
  };
}

/** A document's identity in an import (decision 28): what it was, from where; the same file sent again has the same. */
function importKeyOf(kind: 'file' | 'lore-export', ...parts: Array<string | Uint8Array>): string {
  const hash = crypto.createHash('sha256').update(kind);
  for (const part of parts) hash.update('\0').update(part);
  return `${kind}:${hash.digest('base64url')}`;
}

/** The summary of an import: every document, imported or skipped with the reason. */
export interface ImportSummary {
  imported: number;
  skipped: number;
  files: ImportedFile[];
}

/**
 * Imports the files as items of the account, written by `userId`, one document
 * at a time through the same create as the API (sanitized, indexed, summary and
 * embedding queued). A zip Lore exported (with `lore-export.json`) is restored
 * from its manifest. A document that fails leaves nothing: its images are
 * stored only once it is read and checked, and removed again if the item is not saved.
 * A document an earlier run brought into the account (its key, decision 28) is
 * skipped as 'Already imported', so an interrupted import can simply be run again.
 */
export async function runImport(
  deps: ImportDeps,
  options: {
    accountId: string;
    userId: string;
    /** The importer's role: who may manage collections gets a collection for each top folder (decision 35). */
    role: Role;
    entries: ImportEntry[];
    onLine?: (line: ImportLine) => void;
  },
): Promise<ImportSummary> {
  const { accountId, userId, role, entries, onLine = () => {} } = options;
  const byPath = new Map(entries.map((entry) => [entry.path, entry.data]));
  const { documents, restored, collections } = restoreDocuments(entries);
  const placer = createPlacer(deps.database.db, { accountId, userId, role });
  const others: Array<PendingDocument | ImportedFile> = [];
  for (const entry of entries) {
    if (restored.has(entry.path) || IMAGE_FILE.test(entry.path)) continue;
    const handler = handlerFor(entry.path);
    if (handler) {
      others.push({
        path: entry.path,
        folder: path.posix.dirname(entry.path),
        key: importKeyOf('file', entry.path, entry.data),
        place: fileTreePlace(entry.path),
        // Parsing (Readability over a DOM, Markdown) happens off the main thread.
        read: readOnce(() => (handler.nameOnly ? handler.read(entry) : readInThread(entry))),
      });
    } else {
      others.push({ path: entry.path, status: 'skipped', reason: UNSUPPORTED_REASON });
    }
  }
  // Parents before their pages: a folder's page before what is in it, an export's items by depth.
  const order = (next: PendingDocument | ImportedFile) =>
    'status' in next ? [0, 0] : treeOrder(next.place, next.depth);
  const byTree = (a: PendingDocument | ImportedFile, b: PendingDocument | ImportedFile) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]!;
  };
  const queue = [...documents.toSorted(byTree), ...others.toSorted(byTree)];
  const context = { accountId, userId, byPath, placer, collections };
  const total = queue.length;
  const summary: ImportSummary = { imported: 0, skipped: 0, files: [] };
  onLine({ type: 'start', total });
  for (const [index, next] of queue.entries()) {
    // The next document is read in its thread while this one is written.
    const following = queue[index + 1];
    if (following && !('status' in following)) void following.read();
    const file = 'status' in next ? next : await importDocument(deps, context, next);
    summary.files.push(file);
    if (file.status === 'imported') summary.imported += 1;
    else summary.skipped += 1;
    onLine({ type: 'file', done: summary.files.length, total, file });
  }
  onLine({ type: 'done', imported: summary.imported, skipped: summary.skipped });
  return summary;
}

const UNSUPPORTED_REASON = 'Not a Markdown, HTML, text or PDF file';

/**
 * The items of a Lore export's manifest, and the paths they stand for (its Markdown copies and
 * itself), with its collections (version 2).
 */
function restoreDocuments(entries: ImportEntry[]): {
  documents: PendingDocument[];
  restored: Set<string>;
  collections: ManifestCollection[];
} {
  const manifestEntry = entries
    .filter((entry) => path.posix.basename(entry.path) === MANIFEST_NAME)
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length)[0];
  if (!manifestEntry) return { documents: [], restored: new Set(), collections: [] };
  const restored = new Set([manifestEntry.path]);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestEntry.data)) as Manifest;
    if (manifest.format !== MANIFEST_FORMAT || !Array.isArray(manifest.items)) throw new Error('not a manifest');
  } catch {
    const broken: PendingDocument = {
      path: manifestEntry.path,
      folder: '',
      read: readOnce(() => {
        throw new UnreadableDocument('Not a Lore export file');
      }),
    };
    return { documents: [broken], restored, collections: [] };
  }
  const folder = path.posix.dirname(manifestEntry.path);
  const inFolder = (file: string) => (folder === '.' ? file : `${folder}/${file}`);
  // The export's PDFs come in with the items that show them, not as items of their own.
  for (const entry of entries) {
    if (entry.path.startsWith(`${inFolder(PDFS_FOLDER)}/`)) restored.add(entry.path);
  }
  const parentOf = new Map(
    manifest.items.map((item) => [String(item.id), item.parent_id ? String(item.parent_id) : null]),
  );
  const depthOf = (id: string) => {
    let depth = 0;
    for (let up = parentOf.get(id); up && depth < parentOf.size; up = parentOf.get(up)) depth++;
    return depth;
  };
  const documents = manifest.items.map((item, index): PendingDocument => {
    if (typeof item.file === 'string') restored.add(inFolder(item.file));
    return {
      place: {
        kind: 'export',
        id: String(item.id),
        collectionId: typeof item.collection_id === 'string' ? item.collection_id : null,
        parentId: typeof item.parent_id === 'string' ? item.parent_id : null,
      },
      // Parents first, then each level in its order.
      depth: depthOf(String(item.id)) * 1_000_000 + (Number(item.position) || 0),
      path: typeof item.file === 'string' ? inFolder(item.file) : `${manifestEntry.path} (item ${index + 1})`,
      folder,
      // The export's item as it was: the same export (or a later one of an unchanged item) is skipped.
      key: importKeyOf('lore-export', JSON.stringify(item)),
      read: readOnce(() => ({
        title: String(item.title ?? ''),
        tags: Array.isArray(item.tags) ? item.tags.map(String) : [],
        html: String(item.content ?? ''),
        createdAt: validDate(item.created_at),
        updatedAt: validDate(item.updated_at),
      })),
    };
  });
  const collections = Array.isArray(manifest.collections) ? manifest.collections : [];
  return { documents, restored, collections };
}

function validDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A file to store with the item, and where. */
interface PlannedFile {
  bucket: typeof KNOWLEDGE_IMAGES_BUCKET | typeof KNOWLEDGE_PDFS_BUCKET;
  path: string;
  data: Uint8Array;
}

/** A PDF to store and attach: the file, its thumbnail and the text read from it. */
interface PlannedPdf extends AttachedPdf {
  files: PlannedFile[];
}

async function importDocument(
  deps: ImportDeps,
  context: {
    accountId: string;
    userId: string;
    byPath: Map<string, Uint8Array>;
    placer: Placer;
    collections: ManifestCollection[];
  },
  document: PendingDocument,
): Promise<ImportedFile> {
  const { accountId, userId, byPath, placer } = context;
  const stored: PlannedFile[] = [];
  const removeStored = async () => {
    for (const bucket of [KNOWLEDGE_IMAGES_BUCKET, KNOWLEDGE_PDFS_BUCKET] as const) {
      const paths = stored.filter((file) => file.bucket === bucket).map((file) => file.path);
      if (paths.length === 0) continue;
      await deps.files.remove(bucket, paths).catch((removeError: unknown) => {
        deps.logger.error({ err: removeError, paths }, 'Could not remove the files of a failed import');
      });
    }
  };
  try {
    // Brought in by an earlier run of this import (one that was interrupted, say): not again.
    const earlier = document.key && (await findImportedItemId(deps.database.db, accountId, document.key));
    if (earlier) {
      placer.remember(document.place, earlier);
      return alreadyImported(document.path, earlier);
    }
    const read = await document.read();
    const notes: string[] = [];
    const resolve = (src: string) => resolveRelative(src, document.folder);
    const images: PlannedFile[] = [];
    const imagesBySource = new Map<string, PlannedFile | null>();
    const withImages = await rewriteImages(read.html, async ({ src }) => {
      if (!src) return null;
      // Addresses elsewhere are the sanitizer's to keep (https) or drop.
      if (isAbsolute(src)) return undefined;
      if (!imagesBySource.has(src))
        imagesBySource.set(src, await planImage(src, resolve(src), byPath, accountId, notes));
      const image = imagesBySource.get(src);
      if (!image) return null;
      if (!images.includes(image)) images.push(image);
      return { src: secureImageUrl(KNOWLEDGE_IMAGES_BUCKET, image.path), dataPath: image.path };
    });
    const pdfs: PlannedPdf[] = [];
    const html = await rewritePdfViewers(withImages, async ({ src, filename }) => {
      // A viewer block can only show a PDF that came with the import.
      if (!src || isAbsolute(src)) return null;
      const pdf = await planPdf(src, resolve(src), filename, byPath, accountId, notes);
      if (!pdf) return null;
      pdfs.push(pdf);
      return { src: secureImageUrl(KNOWLEDGE_PDFS_BUCKET, pdf.pdfPath) };
    });
    const checked = knowledgeInputSchema.safeParse({
      title: read.title.trim().slice(0, TITLE_MAX_LENGTH),
      content: sanitizeKnowledgeHtml(html, accountId),
      tags: read.tags,
    });
    if (!checked.success) {
      return { path: document.path, status: 'skipped', reason: checked.error.issues[0]?.message ?? 'Invalid item' };
    }
    // Its collection and parent, with the pages of its folders made first (decision 35).
    const place = await placer.placeOf(
      document.place,
      async (title, importKey, folderPlace) =>
        (
          await createKnowledgeItem(deps, {
            accountId,
            userId,
            title: title.slice(0, TITLE_MAX_LENGTH),
            content: '',
            tags: [],
            importKey,
            ...folderPlace,
          })
        ).id,
      context.collections,
    );
    for (const file of [...images, ...pdfs.flatMap((pdf) => pdf.files)]) {
      await deps.files.put(file.bucket, file.path, file.data);
      stored.push(file);
    }
    const row = await createKnowledgeItem(deps, {
      accountId,
      userId,
      ...checked.data,
      ...place,
      createdAt: read.createdAt,
      updatedAt: read.updatedAt,
      importKey: document.key,
      pdfs,
    });
    placer.remember(document.place, row.id);
    if (!row.created) {
      // Another import of the same file got there first: its item stands, these files go.
      await removeStored();
      return alreadyImported(document.path, row.id);
    }
    return {
      path: document.path,
      status: 'imported',
      knowledgeId: row.id,
      title: row.title,
      ...(notes.length > 0 ? { reason: notes.join('; ') } : {}),
    };
  } catch (error) {
    // Nothing half-written: the files of an item that was not saved go too.
    await removeStored();
    if (error instanceof UnreadableDocument || error instanceof AppError) {
      return { path: document.path, status: 'skipped', reason: error.message };
    }
    deps.logger.error({ err: error, accountId, path: document.path }, 'A document could not be imported');
    return { path: document.path, status: 'skipped', reason: 'The file could not be imported' };
  }
}

const alreadyImported = (path: string, knowledgeId: string): ImportedFile => ({
  path,
  status: 'skipped',
  reason: IMPORT_ALREADY_IMPORTED_REASON,
  knowledgeId,
});

/** Whether a source is an address elsewhere rather than a file of the import. */
const isAbsolute = (src: string) => /^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//');

/** The import's path a relative source names, from the folder of the document that names it. */
function resolveRelative(src: string, folder: string): string {
  const bare = src.replace(/[?#].*$/, '');
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // Kept as written.
  }
  return path.posix.normalize(bare.startsWith('/') ? decoded.slice(1) : path.posix.join(folder, decoded));
}

/** The stored image a relative source names, checked by its content; null (and a note) when there is none to keep. */
async function planImage(
  src: string,
  resolved: string,
  byPath: Map<string, Uint8Array>,
  accountId: string,
  notes: string[],
): Promise<PlannedFile | null> {
  const data = byPath.get(resolved);
  if (!data) {
    notes.push(`Image not found: ${src}`);
    return null;
  }
  const type = data.length <= MAX_IMAGE_BYTES ? await detectImageType(data) : null;
  if (!type) {
    notes.push(`Image left out (not a PNG, JPEG, GIF or WebP of at most 10 MB): ${src}`);
    return null;
  }
  return { bucket: KNOWLEDGE_IMAGES_BUCKET, path: `${accountId}/${crypto.randomUUID()}.${type.ext}`, data };
}

/**
 * The PDF a viewer block names, checked and read as an upload is: its text and
 * a thumbnail of its first page. A missing one is left out with a note; one
 * that cannot be read makes its document fail, leaving no item.
 */
async function planPdf(
  src: string,
  resolved: string,
  filename: string | null,
  byPath: Map<string, Uint8Array>,
  accountId: string,
  notes: string[],
): Promise<PlannedPdf | null> {
  const data = byPath.get(resolved);
  if (!data) {
    notes.push(`PDF not found: ${src}`);
    return null;
  }
  if (data.length > MAX_PDF_BYTES)
    throw new UnreadableDocument(`PDFs must be at most ${MAX_PDF_BYTES / 1024 / 1024} MB`);
  try {
    const read = await readPdfForImport(data);
    if (!read) throw new UnreadableDocument('Not a PDF that can be read');
    const { text, thumbnail } = read;
    const pdfPath = `${accountId}/${crypto.randomUUID()}.pdf`;
    const thumbnailPath = pdfThumbnailPath(pdfPath);
    return {
      pdfPath,
      thumbnailPath,
      filename: cleanPdfFilename(filename?.trim() || path.posix.basename(resolved)),
      text,
      files: [
        { bucket: KNOWLEDGE_PDFS_BUCKET, path: pdfPath, data },
        { bucket: KNOWLEDGE_PDFS_BUCKET, path: thumbnailPath, data: thumbnail },
      ],
    };
  } catch (error) {
    if (error instanceof PdfTimeoutError) throw new UnreadableDocument(error.message);
    throw error;
  }
}
