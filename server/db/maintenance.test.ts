import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-database';
import { useTestServer } from '../test/use-test-server';
import { openDatabase } from './client';
import { maintainTables, tablesNeedingMaintenance, vacuumIfGrown } from './maintenance';

const lore = useTestServer();

describe('database maintenance', () => {
  it('vacuums and analyzes a table never analyzed or grown since, and then leaves it alone', async () => {
    await sql`CREATE TABLE maintenance_probe (id int, note text)`.execute(lore.db);
    await sql`INSERT INTO maintenance_probe SELECT g, repeat('x', 100) FROM generate_series(1, 5000) g`.execute(
      lore.db,
    );
    expect(await tablesNeedingMaintenance(lore.db)).toContain('maintenance_probe');

    expect(await maintainTables(lore.db)).toContain('maintenance_probe');
    const stats = await sql<{ reltuples: number }>`
      SELECT reltuples FROM pg_class WHERE relname = 'maintenance_probe'
    `.execute(lore.db);
    expect(Number(stats.rows[0]!.reltuples)).toBe(5000);
    expect(await tablesNeedingMaintenance(lore.db)).not.toContain('maintenance_probe');

    // Twice the rows: stale again.
    await sql`INSERT INTO maintenance_probe SELECT g, repeat('y', 100) FROM generate_series(1, 5000) g`.execute(
      lore.db,
    );
    expect(await tablesNeedingMaintenance(lore.db)).toContain('maintenance_probe');
    await maintainTables(lore.db);
    expect(await tablesNeedingMaintenance(lore.db)).not.toContain('maintenance_probe');
  });

  it('vacuums, of the tables it is given, those grown since: a run of writes then puts new rows where its updates freed room', async () => {
    const tables = ['kept_probe', 'unkept_probe'];
    for (const table of tables) {
      await sql`CREATE TABLE ${sql.table(table)} (id int PRIMARY KEY, n int, note text)`.execute(lore.db);
      await sql`INSERT INTO ${sql.table(table)} SELECT g, 0, repeat('x', 100) FROM generate_series(1, 5000) g`.execute(
        lore.db,
      );
    }
    expect(await vacuumIfGrown(lore.db, ['kept_probe'])).toEqual(['kept_probe']);
    // Rounds of what an import does to the search statistics: every row counted again, and new rows.
    for (let round = 1; round <= 6; round++) {
      for (const table of tables) {
        await sql`UPDATE ${sql.table(table)} SET n = n + 1`.execute(lore.db);
        await sql`INSERT INTO ${sql.table(table)} SELECT g, 0, repeat('x', 100)
          FROM generate_series(${round * 5000 + 1}::int, ${round * 5000 + 1000}::int) g`.execute(lore.db);
      }
      await vacuumIfGrown(lore.db, ['kept_probe']);
    }
    const size = async (table: string) =>
      Number(
        (await sql<{ bytes: string }>`SELECT pg_relation_size(${table}) AS bytes`.execute(lore.db)).rows[0]!.bytes,
      );
    expect(await size('kept_probe')).toBeLessThan((await size('unkept_probe')) * 0.8);
    // Not grown since its last VACUUM: left alone; a table not given is never done.
    expect(await vacuumIfGrown(lore.db, tables)).toEqual(['unkept_probe']);
    expect(await vacuumIfGrown(lore.db, tables)).toEqual([]);
  });

  it.skipIf(testEngine === 'postgres')(
    'leaves one write-ahead log segment in the embedded database folder after large writes',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-log-'));
      const database = await openDatabase({ dataDir });
      const segments = () => fs.readdirSync(path.join(dataDir, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name));
      try {
        await sql`CREATE TABLE log_probe (note text)`.execute(database.db);
        await sql`INSERT INTO log_probe SELECT md5(g::text) FROM generate_series(1, 2000) g`.execute(database.db);
        // The log runs over into another segment, as a large write's would (without writing 16 MB here).
        await sql`SELECT pg_switch_wal()`.execute(database.db);
        await sql`INSERT INTO log_probe SELECT md5(g::text) FROM generate_series(1, 2000) g`.execute(database.db);
        expect(segments().length).toBeGreaterThan(1);
        expect(await maintainTables(database.db)).toContain('log_probe');
        expect(segments()).toHaveLength(1);
      } finally {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
