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
import { CONTENT_MAX_LENGTH, knowledgeInputSchema, TITLE_MAX_LENGTH } from '../../../common/knowledge';
import { cleanPdfFilename } from '../../../common/knowledge-pdfs';
import { formatCount } from '../../../common/text';
import {
  IMPORT_ALREADY_IMPORTED_REASON,
  type ImportAuthors,
  type ImportedFile,
  type ImportLine,
  type ImportLinks,
} from '../../../common/transfer';
import type { AppDeps } from '../../app-env';
import { importKnowledgeItem, type AttachedPdf } from '../../commands/create-knowledge';
import { SanitizedHtml } from '../../content/knowledge-html';
import { findImportedItems } from '../../data/knowledge';
import { AppError } from '../../errors';
import { detectImageType } from '../../storage/image-types';
import { PdfTimeoutError, readPdfForImport } from '../../storage/pdf';
import { inBatches } from '../../search/indexer';
import type { ManifestCollection } from '../format';
import type { Role } from '../../db/types';
import { createPlacer, treeOrder, type Placer } from './placement';
import { rewriteImages, rewritePdfViewers } from '../html-files';
import { UnreadableDocument } from './documents';
import { documentLinks, hrefsIn, type DocumentLinks } from './links';
import type { PendingDocument } from './pending';
import { planImport } from './plan';
import type { ImportEntry } from './sources';
import { authorsOf, linkTargetsOf, type AuthorTracking, type LinkTracking } from './tracking';

export type ImportDeps = Pick<AppDeps, 'database' | 'files' | 'logger' | 'searchIndexer' | 'requestsFirst'>;

/** The summary of an import: every document, imported or skipped with the reason. */
export interface ImportSummary {
  imported: number;
  skipped: number;
  files: ImportedFile[];
  links?: ImportLinks;
  authors?: ImportAuthors;
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
  const { db } = deps.database;
  const byPath = new Map(entries.map((entry) => [entry.path, entry.data]));
  const plan = planImport(entries);
  const placer = createPlacer(db, { accountId, userId, role });
  // Parents before their pages: a folder's page before what is in it, an export's items by depth.
  const byTree = (a: PendingDocument, b: PendingDocument) => {
    const [x, y] = [treeOrder(a.place, a.depth), treeOrder(b.place, b.depth)];
    return x[0]! - y[0]! || x[1]! - y[1]!;
  };
  const documents = plan.documents.toSorted(byTree);
  const keys = documents.flatMap((document) => document.key ?? []);
  // What earlier runs of this import brought in (one that was interrupted, say): read once, not a page at a time.
  const earlier = await findImportedItems(db, accountId, keys);
  const links = linkTargetsOf(documents, plan.skipped, byPath, earlier);
  const authors = await authorsOf(db, accountId, userId, documents);
  const usedImages = new Set<string>();
  const context = {
    accountId,
    userId,
    byPath,
    placer,
    collections: plan.collections,
    links,
    authors,
    usedImages,
    earlier,
  };
  let total = plan.skipped.length + documents.length;
  const summary: ImportSummary = { imported: 0, skipped: 0, files: [] };
  const report = (file: ImportedFile) => {
    summary.files.push(file);
    if (file.status === 'imported') summary.imported += 1;
    else summary.skipped += 1;
    onLine({ type: 'file', done: summary.files.length, total, file });
  };
  onLine({ type: 'start', total });
  for (const file of plan.skipped) report(file);
  // Each document made ready once, ahead of its turn (decision 60); a failure is seen in its turn.
  const preparing = new Map<PendingDocument, Promise<PreparedDocument | ImportedFile>>();
  const prepare = (document: PendingDocument) => {
    let prepared = preparing.get(document);
    if (!prepared) {
      prepared = prepareDocument(context, document);
      prepared.catch(() => {});
      preparing.set(document, prepared);
    }
    return prepared;
  };
  // The items go to the indexer a batch at a time, and the import goes at its pace (decision 49).
  const indexing = inBatches(deps.searchIndexer, deps.requestsFirst.othersUsingLore);
  const documentDeps = { ...deps, searchIndexer: indexing };
  try {
    for (const [index, next] of documents.entries()) {
      // The next few documents are made ready while this one is written (read and sanitized in their threads).
      for (const ahead of documents.slice(index + 1, index + 4)) if (!earlierItemOf(context, ahead)) prepare(ahead);
      // Others using Lore meanwhile get at least half of its thread (decision 48), the indexing of its items counted.
      const file = await deps.requestsFirst.sharing(async () => {
        const file = await importDocument(documentDeps, context, next, () => prepare(next));
        await indexing.flush();
        return file;
      });
      preparing.delete(next);
      if (file.status === 'skipped' && file.reason !== IMPORT_ALREADY_IMPORTED_REASON)
        links.failed(next.path, file.reason);
      if (file.status === 'imported') authors.count(next, file);
      report(file);
    }
  } finally {
    await indexing.flush(true);
  }
  // Done means found: the last batch is indexed before the import says so.
  await deps.searchIndexer.caughtUp(accountId);
  // Images no document showed: said, not passed over in silence.
  const unshown = plan.images.filter((image) => !usedImages.has(image));
  total += unshown.length;
  for (const image of unshown) report({ path: image, status: 'skipped', reason: UNSHOWN_IMAGE_REASON });
  summary.links = links.summary();
  summary.authors = authors.summary();
  onLine({
    type: 'done',
    imported: summary.imported,
    skipped: summary.skipped,
    ...(summary.links && { links: summary.links }),
    ...(summary.authors && { authors: summary.authors }),
  });
  return summary;
}

/** Why an image of the import did not come in. */
export const UNSHOWN_IMAGE_REASON = 'An image no imported document shows';

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

/** What a document is imported with: its items are indexed in batches. */
type DocumentDeps = Omit<ImportDeps, 'searchIndexer'> & { searchIndexer: ReturnType<typeof inBatches> };

/** What a document is imported in. */
interface ImportContext {
  accountId: string;
  userId: string;
  byPath: Map<string, Uint8Array>;
  placer: Placer;
  collections: ManifestCollection[];
  links: LinkTracking;
  authors: AuthorTracking;
  /** The images documents showed, by their path in the import. */
  usedImages: Set<string>;
  /** The items earlier runs of the import made, by import key. */
  earlier: ReadonlyMap<string, { id: string }>;
}

/** The item an earlier run of the import made of the document, if one did. */
const earlierItemOf = (context: ImportContext, document: PendingDocument) =>
  document.key ? context.earlier.get(document.key)?.id : undefined;

/** A document ready to be saved: its item's values, checked, and the files to store with it. */
interface PreparedDocument {
  values: { title: string; content: string | SanitizedHtml; tags: string[]; createdAt?: Date; updatedAt?: Date };
  images: PlannedFile[];
  pdfs: PlannedPdf[];
  notes: string[];
  /** What became of its links, recorded once it is saved. */
  links?: DocumentLinks;
}

/**
 * Makes a document ready to be saved, ahead of its turn: read (in the document thread), its
 * images and PDFs planned, its links resolved and its HTML sanitized (in the sanitizing thread),
 * its values checked; or skipped, with the reason. Nothing is stored yet. Its links are resolved
 * a few documents early, so a link to a file skipped meanwhile is reported as one to a file
 * skipped after it (decision 60).
 */
async function prepareDocument(
  context: ImportContext,
  document: PendingDocument,
): Promise<PreparedDocument | ImportedFile> {
  const { accountId, byPath, links } = context;
  const resolve = (src: string) => resolveRelative(src, document.folder);
  const read = await document.read();
  const notes: string[] = [];
  const images: PlannedFile[] = [];
  const imagesBySource = new Map<string, PlannedFile | null>();
  const withImages = await rewriteImages(read.html, async ({ src }) => {
    if (!src) return null;
    // Addresses elsewhere are the sanitizer's to keep (https) or drop.
    if (isAbsolute(src)) return undefined;
    if (!imagesBySource.has(src)) imagesBySource.set(src, await planImage(src, resolve(src), byPath, accountId, notes));
    const image = imagesBySource.get(src);
    if (!image) return null;
    context.usedImages.add(resolve(src));
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
  // Links to the other files of the import lead to their items (decision 39): each resolved here, in
  // the order written (so each is reported), and the page sanitized with their addresses in its thread.
  const linked = document.links
    ? documentLinks({ folder: document.folder, accountId, targets: links.targets })
    : undefined;
  const addresses = linked && new Map((read.hrefs ?? hrefsIn(read.html)).map((href) => [href, linked.linkTo(href)]));
  const sanitized = await SanitizedHtml.inThread({ html, accountId, links: addresses && [...addresses] });
  const content = sanitized.html;
  const checked = knowledgeInputSchema.safeParse({
    title: read.title.trim().slice(0, TITLE_MAX_LENGTH),
    content,
    tags: read.tags,
  });
  if (!checked.success) {
    const tooLong = content.length > CONTENT_MAX_LENGTH;
    const reason = tooLong
      ? `Too long for one item: ${formatCount(content.length)} characters once converted, at most ${formatCount(CONTENT_MAX_LENGTH)}`
      : (checked.error.issues[0]?.message ?? 'Invalid item');
    return { path: document.path, status: 'skipped', reason };
  }
  const values = {
    ...checked.data,
    // Not sanitized again unless the schema changed it (it drops control characters).
    content: checked.data.content === content ? sanitized : checked.data.content,
    createdAt: read.createdAt,
    updatedAt: read.updatedAt,
  };
  return { values, images, pdfs, notes, ...(linked && { links: linked.links }) };
}

/** Imports a document in its turn, as `prepared` makes it ready (or made it, ahead): its place, its files, its item. */
async function importDocument(
  deps: DocumentDeps,
  context: ImportContext,
  document: PendingDocument,
  prepared: () => Promise<PreparedDocument | ImportedFile>,
): Promise<ImportedFile> {
  const { accountId, userId, placer, links } = context;
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
    // Brought in by an earlier run of this import: not again.
    const earlier = earlierItemOf(context, document);
    if (earlier) {
      placer.remember(document.place, earlier);
      // Its images came in with it then: they were shown.
      const before = await document.read().catch(() => undefined);
      await rewriteImages(before?.html ?? '', ({ src }) => {
        if (src && !isAbsolute(src)) context.usedImages.add(resolveRelative(src, document.folder));
        return undefined;
      });
      return alreadyImported(document.path, earlier);
    }
    const ready = await prepared();
    if ('status' in ready) return ready;
    const { values, images, pdfs, notes } = ready;
    // Its collection and parent, with the pages of its folders made first (decision 35).
    const place = await placer.placeOf(
      document.place,
      async (title, importKey, folderPlace) =>
        (
          await importKnowledgeItem(deps, {
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
    const row = await importKnowledgeItem(deps, {
      accountId,
      userId: context.authors.userIdOf(document),
      shortId: links.shortIdOf(document.path),
      ...values,
      ...place,
      importKey: document.key,
      pdfs,
    });
    placer.remember(document.place, row.id);
    if (!row.created) {
      // Another import of the same file got there first: its item stands, these files go.
      await removeStored();
      return alreadyImported(document.path, row.id);
    }
    if (ready.links) links.record(document.path, ready.links);
    return {
      path: document.path,
      status: 'imported',
      knowledgeId: row.id,
      title: values.title,
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
