import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { assembleApp } from './assemble';
import { resolveAuthSecret } from './auth/auth-secret';
import { STATEMENT_TIMEOUT_MS, openDatabase } from './db/client';
import { keepDataFolderPrivate } from './db/data-folder';
import { lockDataFolder } from './db/data-folder-lock';
import { startMaintenance } from './db/maintenance';
import { migrateToLatest } from './db/migrate';
import { reindexInBackground } from './search/reindex';
import { EnvError, loadEnv } from './env';
import { listen } from './http-server';
import { embedStaleItemsLater } from './jobs/embed-item';
import { createLoreJobWorker } from './jobs/jobs';

/** Process entry: configuration, database, migrations, HTTP, graceful shutdown. */
async function main() {
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const unlock = env.DATABASE_URL ? () => {} : lockDataFolder(env.DATA_DIR);
  keepDataFolderPrivate(env.DATA_DIR);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, 'pglite'),
    // Once per outage, with the cause only (pg-pool hangs the whole client on the error).
    onConnectionError: (error) =>
      logger.warn(
        { err: { message: error.message, code: (error as NodeJS.ErrnoException).code } },
        'Lore lost its connection to the database; requests are answered 503 until it reconnects',
      ),
    onConnectionBack: () => logger.info('Lore is connected to its database again'),
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) logger.info({ applied }, 'Database migrated');
  // The embedded database has no autovacuum: statistics for what migrations wrote, then on a schedule.
  const maintenance = startMaintenance(database, logger);
  await maintenance.runNow();

  const webRoot = path.resolve('dist/web');
  const hasWeb = fs.existsSync(path.join(webRoot, 'index.html'));
  if (!hasWeb) logger.warn('The web app is not built (run `npm run build`); serving the API only');

  const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET, env.DATA_DIR);
  const { app, deps, upgrades } = assembleApp({ env, database, logger, secret, webRoot: hasWeb ? webRoot : undefined });
  // A wrong bucket or key stops Lore here rather than at the first upload.
  await deps.files.ready();
  logger.info(`Files are kept in ${deps.files.where}`);
  let stopping = false;
  const server = await listen(app.fetch, { port: env.PORT, hostname: env.HOST });
  server.onUpgrade(upgrades);
  const jobs = createLoreJobWorker(deps);
  jobs.start();
  logger.info(`Lore is running at ${env.BASE_URL} (database: ${database.engine})`);
  // Items indexed under an older analyzer are indexed again while Lore serves; then
  // the passages it replaced (and so their vectors) are embedded again.
  const reindexing = reindexInBackground(database.db, logger, { describe: deps.searchIndexer.describes });
  void reindexing.done.then(async () => {
    if (stopping) return;
    const toEmbed = await embedStaleItemsLater(database.db, deps.embedder);
    if (toEmbed > 0) logger.info({ items: toEmbed }, 'Items queued to be embedded for search');
    await maintenance.runNow();
  });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down: finishing in-flight requests');
    // Live streams never finish by themselves: ended first, their pages reconnect (to another process, or to this one once back).
    await deps.realtime.close();
    // Co-editing sockets too; each open document is written (its HTML, a revision, one compacted state).
    await deps.collaboration.close();
    await server.close();
    // Items saved but not yet indexed keep their stamp: the next start indexes them.
    await deps.searchIndexer.stop();
    await reindexing.stop();
    await jobs.stop();
    await maintenance.stop();
    deps.mailer.close();
    await database.close();
    unlock();
    logger.info('Stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof EnvError) console.error(error.message);
  else console.error(`Lore failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
