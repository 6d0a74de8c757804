import type { Logger } from 'pino';
import type { AppDeps } from './app-env';
import { createWriter, type WriterTimings } from './ai/writer';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { createAuthCache } from './auth/auth-cache';
import { createWorkspaceReads } from './cache/workspace-reads';
import { createTotpVault } from './auth/totp';
import type { Database } from './db/client';
import type { Env } from './env';
import { createMailer } from './mail/mailer';
import { createCollaboration, type CollaborationTimings } from './collaboration/collaboration';
import { upgradeToCollaboration } from './collaboration/upgrade';
import { createRealtime } from './realtime/realtime';
import { createEmbedder } from './search/embed';
import { createSearchIndexer } from './search/indexer';
import { createRequestsFirst } from './middleware/requests-first';
import { fileStoreFromEnv } from './storage/file-store-from-env';

/** Wires Lore's parts into an app; the process entry and the tests share it. */
export function assembleApp(options: {
  env: Env;
  database: Database;
  logger: Logger;
  secret: string;
  webRoot?: string;
  /** The model's time limits; tests shorten them. */
  writerTimings?: WriterTimings;
  /** Live co-editing's pauses (deriving the HTML, keeping a revision); tests shorten them. */
  collaboration?: CollaborationTimings;
}) {
  const { env, database, logger, secret, webRoot } = options;
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  const auth = createAuth({ env, db: database.db, mailer, secret });
  const files = fileStoreFromEnv(env);
  const realtime = createRealtime({ database, logger });
  const workspaceReads = createWorkspaceReads();
  const authCache = createAuthCache();
  // A change committed through any process makes every workspace's kept answers old, and a
  // change of members the kept memberships (a member removed through another process is out at once).
  realtime.onChanges((changes) => {
    workspaceReads.clear();
    if (changes.some((change) => change.table === 'account_members')) authCache.clear();
  });
  // A session ended through another process is refused here at once too, not only after the cache's 5 s.
  realtime.onSessionsEnded(() => authCache.clear());
  const embedder = createEmbedder(env);
  const writer = createWriter(env, {
    timings: options.writerTimings,
    onModelError: (error, reason) =>
      logger.warn({ err: error, reason }, `The AI model failed (${describeError(error)}); answering from the items`),
  });
  // With no model, an item's summary and question are written with its index (decision 51).
  const describe = writer.kind === 'extractive';
  const searchIndexer = createSearchIndexer({ db: database.db, logger, embedder, describe });
  const collaboration = createCollaboration(
    { database, logger, searchIndexer, realtime, mailer, auth, env },
    options.collaboration,
  );
  const deps: AppDeps = {
    env,
    database,
    auth,
    mailer,
    logger,
    files,
    totp: createTotpVault(secret),
    writer,
    embedder,
    searchIndexer,
    requestsFirst: createRequestsFirst(),
    realtime,
    collaboration,
    webRoot,
    authCache,
    workspaceReads,
  };
  const app = createApp(deps);
  return { app, deps, upgrades: upgradeToCollaboration(app.fetch, collaboration, env.BASE_URL) };
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));
