import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import './test-database';

/**
 * Once per run, before any test file: an embedded database made and migrated,
 * then copied to a file. Making one takes seconds (initdb); loading the copy, a
 * fraction of that, and every test file makes one. PostgreSQL runs skip it.
 */
export default async function setup(project: TestProject) {
  if (process.env.LORE_TEST_DB === 'postgres') return project.provide('pgliteSnapshot', undefined);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-pglite-snapshot-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  fs.writeFileSync(file, new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
