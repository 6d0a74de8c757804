import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { Database } from '../db/client';
import { resolveAuthSecret } from './auth-secret';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const emptyFolder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lore-secret-'));

describe('the session secret', () => {
  it('is AUTH_SECRET when set', async () => {
    expect(await resolveAuthSecret(database.db, 'configured-secret', emptyFolder())).toBe('configured-secret');
  });

  it('is one generated secret in the database, the same for every process starting at once', async () => {
    // Each call stands for a process with its own data folder, as two servers on one PostgreSQL have.
    const secrets = await Promise.all(
      Array.from({ length: 10 }, () => resolveAuthSecret(database.db, undefined, emptyFolder())),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(await resolveAuthSecret(database.db, undefined, emptyFolder())).toBe(secrets[0]);
  });
});

describe('the session secret of an earlier Lore', () => {
  it('is adopted from the data folder, so its sessions stay valid', async () => {
    const fresh = await openTestDatabase();
    try {
      const folder = emptyFolder();
      fs.writeFileSync(path.join(folder, 'auth-secret'), 'kept-in-the-folder-by-an-earlier-lore\n');
      expect(await resolveAuthSecret(fresh.database.db, undefined, folder)).toBe(
        'kept-in-the-folder-by-an-earlier-lore',
      );
      expect(await resolveAuthSecret(fresh.database.db, undefined, emptyFolder())).toBe(
        'kept-in-the-folder-by-an-earlier-lore',
      );
    } finally {
      await fresh.drop();
    }
  });
});
