/**
 * `npm run migrate-to-postgres -- --to <url>`: moves Lore's embedded database
 * (PGlite, in DATA_DIR/pglite) into an empty PostgreSQL database (decision 24).
 * Stop Lore first: the data folder is locked while this runs. Then start Lore
 * with DATABASE_URL set to the same URL, keeping DATA_DIR (uploaded files stay
 * there). The PGlite folder is left as it was, to fall back to.
 *
 *   npm run migrate-to-postgres -- --to postgres://lore@db.example.com/lore
 *   npm run migrate-to-postgres -- --to postgres://... --data-dir /srv/lore/data
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyToPostgres } from '../server/db/copy-to-postgres';
import { lockDataFolder } from '../server/db/data-folder-lock';

const { values } = parseArgs({
  options: { to: { type: 'string' }, 'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' } },
});
if (!values.to) {
  console.error('Say where to: npm run migrate-to-postgres -- --to postgres://user@host/database');
  process.exit(2);
}
const dataDir = path.resolve(values['data-dir']);
const started = performance.now();
const unlock = lockDataFolder(dataDir);
try {
  console.log(`Copying ${path.join(dataDir, 'pglite')} into ${new URL(values.to).host}...`);
  const report = await copyToPostgres({ pgliteDir: path.join(dataDir, 'pglite'), url: values.to, log: console.log });
  for (const { table, rows, derived } of report.tables)
    console.log(`${table.padEnd(28)} ${String(rows).padStart(12)}${derived ? '  (rebuilt by its triggers)' : ''}`);
  console.log(
    `\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s; every table has as many rows as in PGlite.\n` +
      `Start Lore with DATABASE_URL set to that database and the same DATA_DIR (its files stay there).`,
  );
} catch (error) {
  console.error(`Nothing was copied: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  unlock();
}
