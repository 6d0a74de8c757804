import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/use-test-server';
import { maintainTables, tablesNeedingMaintenance } from './maintenance';

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
});
