import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Writer } from '../ai/writer';
import type { DB } from '../db/schema';
import type { Env } from '../env';
import type { Mailer } from '../mail/mailer';
import type { Embedder } from '../search/embed';
import type { SearchIndexer } from '../search/indexer';
import type { FileStore } from '../storage/file-store';
import { CLEAN_UP_IMAGES, IMAGE_SWEEP_EVERY_MS, SWEEP_IMAGES, cleanUpImages, sweepImages } from './clean-up-images';
import { DESCRIBE_ITEM, describeItem } from './describe-item';
import { EMBED_ITEM, embedItem } from './embed-item';
import { PRUNE_CHANGE_EVENTS, PRUNE_CHANGES_EVERY_MS, pruneChangeEvents } from './prune-change-events';
import { READ_PDF, readPdf } from './read-pdf';
import { SEND_DIGESTS, SEND_DIGESTS_EVERY_MS, sendDigests } from './send-digests';
import { THIN_REVISIONS, THIN_REVISIONS_EVERY_MS, thinRevisions } from './thin-revisions';
import { createJobWorker, type JobHandler, type JobWorkerOptions } from './worker';

/** What jobs need from the app. */
export interface JobDeps {
  database: { db: Kysely<DB> };
  writer: Writer;
  /** The embeddings model, when configured. */
  embedder?: Embedder;
  /** Indexes an item whose PDF was read. */
  searchIndexer: SearchIndexer;
  /** Uploaded files: the image clean-up removes those no item shows. */
  files: FileStore;
  logger: Logger;
  env: Pick<Env, 'REVISIONS_KEEP_ALL_DAYS' | 'BASE_URL'>;
  /** Notification digests are e-mailed (decision 38), with unsubscribe links signed by the auth secret. */
  mailer: Mailer;
  auth: { $context: Promise<{ secret: string }> };
}

/** Every kind of job Lore runs, by the name stored in the queue; another kind is one more entry. */
export function jobHandlers(deps: JobDeps): Record<string, JobHandler> {
  const db = deps.database.db;
  return {
    [DESCRIBE_ITEM]: describeItem({ db, writer: deps.writer }),
    [EMBED_ITEM]: embedItem({ db, embedder: deps.embedder }),
    [CLEAN_UP_IMAGES]: cleanUpImages({ db, files: deps.files }),
    [SWEEP_IMAGES]: sweepImages({ db, files: deps.files }),
    [PRUNE_CHANGE_EVENTS]: pruneChangeEvents({ db }),
    [THIN_REVISIONS]: thinRevisions({ db, keepAllDays: deps.env.REVISIONS_KEEP_ALL_DAYS }),
    [SEND_DIGESTS]: sendDigests({ db, mailer: deps.mailer, baseUrl: deps.env.BASE_URL, auth: deps.auth }),
    [READ_PDF]: readPdf({ db, files: deps.files, searchIndexer: deps.searchIndexer, logger: deps.logger }),
  };
}

/** The worker for Lore's jobs; start() it in the process, or runUntilIdle() in tests. */
export function createLoreJobWorker(deps: JobDeps, options: Partial<JobWorkerOptions> = {}) {
  return createJobWorker({
    db: deps.database.db,
    logger: deps.logger,
    handlers: jobHandlers(deps),
    repeat: [
      { job: { kind: SWEEP_IMAGES, key: 'all' }, everyMs: IMAGE_SWEEP_EVERY_MS },
      { job: { kind: PRUNE_CHANGE_EVENTS, key: 'all' }, everyMs: PRUNE_CHANGES_EVERY_MS },
      { job: { kind: THIN_REVISIONS, key: 'all' }, everyMs: THIN_REVISIONS_EVERY_MS },
      { job: { kind: SEND_DIGESTS, key: 'all' }, everyMs: SEND_DIGESTS_EVERY_MS },
    ],
    ...options,
  });
}
