import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { KNOWLEDGE_IMAGES_BUCKET, KNOWLEDGE_PDFS_BUCKET } from '../../common/files';
import { storedImagePaths } from '../content/knowledge-html';
import type { DB } from '../db/schema';
import { findAccount } from '../data/accounts';
import { itemContentPages } from '../data/item-contents';
import { enqueueJob } from '../data/jobs';
import { pdfFilesInUse } from '../data/knowledge-pdfs';
import type { FileStore } from '../storage/file-store';
import { cleanUpAvatars } from './clean-up-avatars';
import type { JobHandler } from './worker';

/** The job that removes an account's image files no item shows; its key is the account's id. */
export const CLEAN_UP_IMAGES = 'clean_up_images';
/** The periodic job that queues CLEAN_UP_IMAGES for every account folder in the store; its key is always 'all'. */
export const SWEEP_IMAGES = 'sweep_images';
/** A file younger than this is kept: it may be in an editor that has not saved yet. */
export const IMAGE_GRACE_MS = 24 * 60 * 60_000;
/** How often each process asks for a sweep (the queue runs one at a time across processes). */
export const IMAGE_SWEEP_EVERY_MS = 24 * 60 * 60_000;
/** Items changed this long before a pass began are read again after it: a save during the pass may show a file. */
const SAVED_DURING_PASS_MS = 10 * 60_000;

/**
 * Asks for the account's unshown images to be removed, after an item was
 * deleted or lost images, or the account was deleted. The change stands
 * either way: a failure to ask is logged, and the next sweep asks again.
 */
export async function cleanUpImagesLater(db: Kysely<DB>, accountId: string, logger: Logger): Promise<void> {
  await enqueueJob(db, { kind: CLEAN_UP_IMAGES, key: accountId }).catch((error: unknown) =>
    logger.error({ err: error, accountId }, 'Could not queue the clean-up of images'),
  );
}

/** PDF files looked up per query when asking which are still attached. */
const PDF_LOOKUP_BATCH = 500;

/**
 * Removes a deleted account's whole folders; for a live account, the files
 * older than the grace period that no item of the account shows (images) or
 * has attached (PDFs and their thumbnails).
 */
export function cleanUpImages(deps: { db: Kysely<DB>; files: FileStore }): JobHandler {
  const { db, files } = deps;
  return async ({ key: accountId }, { signal, logger }) => {
    if (!(await findAccount(db, accountId))) {
      await files.removeFolder(KNOWLEDGE_IMAGES_BUCKET, accountId);
      await files.removeFolder(KNOWLEDGE_PDFS_BUCKET, accountId);
      return;
    }
    await cleanUpPdfs(deps, accountId, signal, logger);
    const startedAt = Date.now();
    const stored = await files.listFolder(KNOWLEDGE_IMAGES_BUCKET, accountId);
    const old = stored.filter((file) => file.modifiedAt.getTime() <= startedAt - IMAGE_GRACE_MS);
    let unshown = await notShown(
      itemContentPages(db, accountId),
      accountId,
      old.map((file) => file.path),
      signal,
    );
    // The pass reads newest changes first, so an item saved during it was passed over: read those again.
    const updatedSince = new Date(startedAt - SAVED_DURING_PASS_MS);
    unshown = await notShown(itemContentPages(db, accountId, { updatedSince }), accountId, unshown, signal);
    if (unshown.length === 0) return;
    await files.remove(KNOWLEDGE_IMAGES_BUCKET, unshown);
    logger.info({ accountId, removed: unshown.length }, 'Removed images no item shows');
  };
}

/**
 * Removes the account's PDF files (and thumbnails) older than the grace period
 * that no attachment row names. A row is written when an item is saved with
 * the PDF, and goes when the item is deleted or its block is taken out.
 */
async function cleanUpPdfs(
  deps: { db: Kysely<DB>; files: FileStore },
  accountId: string,
  signal: AbortSignal,
  logger: Logger,
): Promise<void> {
  const cutOff = Date.now() - IMAGE_GRACE_MS;
  const old = (await deps.files.listFolder(KNOWLEDGE_PDFS_BUCKET, accountId))
    .filter((file) => file.modifiedAt.getTime() <= cutOff)
    .map((file) => file.path);
  const unused: string[] = [];
  for (let start = 0; start < old.length; start += PDF_LOOKUP_BATCH) {
    signal.throwIfAborted();
    const batch = old.slice(start, start + PDF_LOOKUP_BATCH);
    const inUse = await pdfFilesInUse(deps.db, accountId, batch);
    unused.push(...batch.filter((path) => !inUse.has(path)));
  }
  if (unused.length === 0) return;
  await deps.files.remove(KNOWLEDGE_PDFS_BUCKET, unused);
  logger.info({ accountId, removed: unused.length }, 'Removed PDF files no item has attached');
}

/** The paths among `paths` that no item in the pages shows. */
async function notShown(
  pages: AsyncGenerator<string[]>,
  accountId: string,
  paths: string[],
  signal: AbortSignal,
): Promise<string[]> {
  const left = new Set(paths);
  if (left.size === 0) return [];
  for await (const contents of pages) {
    signal.throwIfAborted();
    for (const html of contents) for (const path of storedImagePaths(html, accountId)) left.delete(path);
    if (left.size === 0) break;
  }
  return [...left];
}

/**
 * Queues a clean-up for every account folder in the store (files whose grace ran
 * out, and deleted accounts' folders), and removes avatar files no profile names.
 */
export function sweepImages(deps: { db: Kysely<DB>; files: FileStore }): JobHandler {
  return async (_job, { signal, logger }) => {
    const folders = new Set([
      ...(await deps.files.listFolders(KNOWLEDGE_IMAGES_BUCKET)),
      ...(await deps.files.listFolders(KNOWLEDGE_PDFS_BUCKET)),
    ]);
    for (const accountId of folders) {
      signal.throwIfAborted();
      await enqueueJob(deps.db, { kind: CLEAN_UP_IMAGES, key: accountId });
    }
    const removed = await cleanUpAvatars(deps, signal);
    if (removed > 0) logger.info({ removed }, 'Removed avatar files no profile names');
  };
}
