import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { runOnOwnConnection } from '../db/postgres-direct';
import './test-database';

/**
 * Once per run, before any test file: a database made and migrated, which every test
 * file's database is then a copy of. On PGlite it is copied to a file: making one takes
 * seconds (initdb), loading the copy a fraction of that. On PostgreSQL it is a template
 * database: a copy is a file copy on the server, where running every migration took a
 * second or two for each of the hundred-odd test files.
 */
export default async function setup(project: TestProject) {
  if (process.env.LORE_TEST_DB === 'postgres') {
    project.provide('pgliteSnapshot', undefined);
    return postgresTemplate(project);
  }
  project.provide('postgresTemplate', undefined);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-pglite-snapshot-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  fs.writeFileSync(file, new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('LORE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lore_template_${crypto.randomBytes(6).toString('hex')}`;
  await runOnOwnConnection(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any copy is made: PostgreSQL copies a template no one is connected to.
  const database = await openDatabase({ url: url.toString() });
  await migrateToLatest(database.db);
  await database.close();
  project.provide('postgresTemplate', name);
  return () => runOnOwnConnection(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
