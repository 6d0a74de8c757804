/**
 * `npm run import -- --account ID PATH`: the web's importer for operators.
 * PATH is a folder, a zip (a Lore export too) or one Markdown, HTML or text
 * file. The items are written by the account's owner unless `--user ID` names
 * another member. Uses the same configuration as the server (DATABASE_URL or
 * DATA_DIR); with the embedded database, stop the server first (it holds the
 * data folder's lock). The server's job queue writes summaries afterwards.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { findMembership } from '../server/data/account-members';
import { openDatabase } from '../server/db/client';
import { lockDataFolder } from '../server/db/data-folder-lock';
import { migrateToLatest } from '../server/db/migrate';
import { loadEnv } from '../server/env';
import { createRequestsFirst } from '../server/middleware/requests-first';
import { createEmbedder } from '../server/search/embed';
import { createSearchIndexer } from '../server/search/indexer';
import { fileStoreFromEnv } from '../server/storage/file-store-from-env';
import { readImportPath } from '../server/transfer/import/read-path';
import { runImport } from '../server/transfer/import/run-import';
import { collectEntries } from '../server/transfer/import/sources';

const usage = 'Usage: npm run import -- --account ACCOUNT_ID [--user USER_ID] PATH';

async function main() {
  const { values, positionals } = parseArgs({
    options: { account: { type: 'string' }, user: { type: 'string' } },
    allowPositionals: true,
  });
  const target = positionals[0];
  if (!values.account || !target || positionals.length > 1) {
    console.error(usage);
    process.exit(2);
  }
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const unlock = env.DATABASE_URL ? () => {} : lockDataFolder(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite') });
  try {
    await migrateToLatest(database.db);
    const accountId = values.account;
    const userId = values.user ?? (await ownerOf(database.db, accountId));
    const membership = userId ? await findMembership(database.db, accountId, userId) : undefined;
    if (!userId || !membership) {
      throw new Error(values.user ? 'That user is not a member of the account' : 'No such account');
    }
    const entries = await collectEntries(await readImportPath(target));
    const deps = {
      database,
      logger,
      files: fileStoreFromEnv(env),
      searchIndexer: createSearchIndexer({ db: database.db, logger, embedder: createEmbedder(env) }),
      // No request is answered here: the import never rests.
      requestsFirst: createRequestsFirst(),
    };
    const summary = await runImport(deps, {
      accountId,
      userId,
      role: membership.role,
      entries,
      onLine: (line) => {
        if (line.type === 'start') console.log(`Importing ${line.total} files`);
        if (line.type === 'file') {
          const { file } = line;
          const what = file.status === 'imported' ? `imported "${file.title}"` : 'skipped';
          console.log(`[${line.done}/${line.total}] ${file.path}: ${what}${file.reason ? ` (${file.reason})` : ''}`);
        }
      },
    });
    await deps.searchIndexer.idle();
    console.log(`Done: ${summary.imported} imported, ${summary.skipped} skipped`);
  } finally {
    await database.close();
    unlock();
  }
}

async function ownerOf(db: Awaited<ReturnType<typeof openDatabase>>['db'], accountId: string) {
  const row = await db
    .selectFrom('account_members')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .executeTakeFirst()
    .catch(() => undefined);
  return row?.user_id;
}

main().catch((error: unknown) => {
  console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
