import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVectorIndex, rankByVector, readVectorStorage, vectorIndexName } from '../data/search-vector-ranking';
import { embedItemPassages } from '../jobs/embed-item';
import { createItem } from '../test/knowledge-factory';
import { STAND_IN_DIMENSIONS, embedText, startModelStandIn, type ModelStandIn } from '../test/model-stand-in';
import { testEngine } from '../test/test-database';
import { startTestServer, type SignedInClient, type TestServer } from '../test/test-server';
import { unitVector, type Embedder } from './embed';
import { retrieve } from './retrieve';

/*
 * The ranking by meaning on each database (decision 30): through pgvector's HNSW
 * index where there is pgvector (PGlite always), an exact scan of real[] where
 * PostgreSQL lacks it (this machine's), either within its budget, and fused so a
 * model that cannot tell the items apart leaves the words' ranking standing.
 */
const QUESTION = 'holiday backups';
const BY_MEANING = { title: 'Exclusive rules', content: '<p>Exclusive rules apply to everyone.</p>' };

let standIn: ModelStandIn;
let lore: TestServer;
let owner: SignedInClient;
let accountId: string;

beforeAll(async () => {
  standIn = await startModelStandIn();
  lore = await startTestServer({ env: { AI_BASE_URL: standIn.baseUrl, AI_EMBEDDING_MODEL: 'stand-in' } });
});
afterAll(async () => {
  await lore.close();
  await standIn.close();
});
beforeEach(async () => {
  const account = await lore.account();
  [accountId, owner] = [account.id, account.owner];
});

const idsOf = (hits: Array<{ knowledge_id: string }>) => hits.map((hit) => hit.knowledge_id);
const question = (extra: { limit?: number } = {}) => ({
  accountId,
  model: 'stand-in',
  vector: embedText(QUESTION),
  limit: extra.limit ?? 10,
});

/** Items of a few words each, the last close in meaning to QUESTION (to the stand-in), embedded. */
async function createItems() {
  const items = [];
  for (const [i, word] of ['kettle', 'badge', 'laptop', 'printer', 'canteen'].entries())
    items.push(await createItem(owner, accountId, { title: `Note ${i}`, content: `<p>The ${word} policy.</p>` }));
  items.push(await createItem(owner, accountId, BY_MEANING));
  await lore.jobs.runUntilIdle();
  return items;
}

/** The ranking by meaning computed here from the stored vectors: the account's item ids by their nearest passage, nearest first. */
async function exactRanking() {
  const rows = await lore.db
    .selectFrom('search_vectors as v')
    .innerJoin('search_passages as p', 'p.id', 'v.passage_id')
    .select(['p.knowledge_id'])
    .select(sql<number[]>`v.embedding::real[]`.as('embedding'))
    .where('v.account_id', '=', accountId)
    .execute();
  const target = embedText(QUESTION);
  const nearest = new Map<string, number>();
  for (const row of rows) {
    const similarity = row.embedding.reduce((sum, value, i) => sum + value * target[i]!, 0);
    nearest.set(row.knowledge_id, Math.max(similarity, nearest.get(row.knowledge_id) ?? -1));
  }
  return [...nearest]
    .filter(([, similarity]) => similarity > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => id);
}

describe.runIf(testEngine === 'pglite')('with pgvector (PGlite)', () => {
  it('stores halfvec and ranks through the HNSW index of the model’s length, as an exact ranking would', async () => {
    const items = await createItems();
    // Enough other passages, counted, that the planner prefers the index to reading them all.
    const words = ['valve', 'pump', 'filter', 'gauge', 'hose', 'seal', 'tank', 'motor', 'belt', 'fuse', 'lever'];
    const sections = Array.from(
      { length: 400 },
      (_, i) => `<h2>Step ${i}</h2><p>Check the ${words[i % 11]} and the ${words[(i * 7) % 11]} ${i % 13} times.</p>`,
    );
    await createItem(owner, accountId, { title: 'Long manual', content: sections.join('') });
    await lore.jobs.runUntilIdle();
    await sql`ANALYZE search_vectors`.execute(lore.db);
    // Indexed as vector, not halfvec: PGlite emulates half floats.
    expect(await readVectorStorage(lore.db, STAND_IN_DIMENSIONS)).toEqual({ pgvector: true, indexedAs: 'vector' });
    const scans = () =>
      sql<{
        scans: string;
      }>`SELECT idx_scan AS scans FROM pg_stat_user_indexes WHERE indexrelname = ${vectorIndexName(STAND_IN_DIMENSIONS)}`
        .execute(lore.db)
        .then(({ rows }) => Number(rows[0]?.scans ?? 0));
    const before = await scans();
    // As deep as retrieve() reads it.
    const hits = await rankByVector(lore.db, question({ limit: 50 }));
    await sql`SELECT pg_stat_force_next_flush()`.execute(lore.db);
    expect(await scans()).toBeGreaterThan(before);
    expect(idsOf(hits!)).toEqual(await exactRanking());
    expect(idsOf(hits!)[0]).toBe(items.at(-1)!.id);
  });

  it('without an index for the length, scans exactly only up to its passage budget, then ranks by words', async () => {
    const items = await createItems();
    await sql`DROP INDEX ${sql.id(vectorIndexName(STAND_IN_DIMENSIONS))}`.execute(lore.db);
    try {
      expect(await readVectorStorage(lore.db, STAND_IN_DIMENSIONS)).toEqual({ pgvector: true, indexedAs: null });
      expect(idsOf((await rankByVector(lore.db, question()))!)).toEqual(await exactRanking());
      // PGlite has no statement time-out: the count of vectors is what bounds the scan.
      expect(await rankByVector(lore.db, { ...question(), budget: { exactScanMaxPassages: items.length - 1 } })).toBe(
        undefined,
      );
      const warn = vi.fn();
      const hits = await retrieve(lore.db, accountId, `${QUESTION} kettle`, {
        embedder: lore.deps.embedder,
        logger: { warn },
        vectorBudget: { exactScanMaxPassages: 1 },
      });
      expect(idsOf(hits)).toEqual([items[0]!.id]);
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      await createVectorIndex(lore.db, STAND_IN_DIMENSIONS);
    }
  });
});

describe.runIf(testEngine === 'postgres')('on a PostgreSQL without the vector extension', () => {
  it('keeps real[] vectors and ranks by an exact scan', async () => {
    const { rows } = await sql<{ available: boolean }>`
      SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available
    `.execute(lore.db);
    // A server that has pgvector takes the other path; this one is for those that do not.
    if (rows[0]!.available) return;
    const items = await createItems();
    expect(await readVectorStorage(lore.db, STAND_IN_DIMENSIONS)).toEqual({ pgvector: false, indexedAs: null });
    const hits = await rankByVector(lore.db, question());
    expect(idsOf(hits!)).toEqual(await exactRanking());
    expect(idsOf(await retrieve(lore.db, accountId, QUESTION, { embedder: lore.deps.embedder }))).toEqual([
      items.at(-1)!.id,
    ]);
  });

  it('ranks by words alone when the ranking by meaning runs past its time budget', async () => {
    const items = await createItems();
    const warn = vi.fn();
    // Another transaction holds the vectors: the step waits, as a slow scan would, until its budget ends it.
    const hits = await lore.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE search_vectors IN ACCESS EXCLUSIVE MODE`.execute(trx);
      return retrieve(lore.db, accountId, `${QUESTION} kettle`, {
        embedder: lore.deps.embedder,
        logger: { warn },
        vectorBudget: { ms: 200 },
      });
    });
    expect(idsOf(hits)).toEqual([items[0]!.id]);
    expect(warn).toHaveBeenCalledOnce();
    // The AI search answers as well, by words.
    const answer = await lore.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE search_vectors IN ACCESS EXCLUSIVE MODE`.execute(trx);
      return retrieve(lore.db, accountId, QUESTION, { embedder: lore.deps.embedder, vectorBudget: { ms: 200 } });
    });
    expect(answer).toEqual([]);
  });
});

describe('the fusion floor', () => {
  /** A model that cannot tell texts apart: one direction for every text, and a small arbitrary part from its hash. */
  const flat: Embedder = {
    model: 'flat',
    embed: async (texts) =>
      texts.map((text) => {
        const noise = embedText(`${text.length} ${text}`.split('').reverse().join(''));
        return unitVector(noise.map((value, i) => (i === 0 ? 1 : 0) + 0.2 * value));
      }),
  };
  /** A model that answers noise: each text's vector is the stand-in's for its letters reversed. */
  const noise: Embedder = {
    model: 'noise',
    embed: async (texts) => texts.map((text) => embedText(text.split('').reverse().join(''))),
  };

  it.each([flat, noise])(
    'does not let a model that knows nothing ($model) lower what the words rank first',
    async (model) => {
      const items = [
        await createItem(owner, accountId, {
          title: 'Password rules',
          content: `<p>${'Password password password. '.repeat(20)}</p>`,
        }),
        await createItem(owner, accountId, {
          title: 'Locked out',
          content: '<p>To reset your password, open the e-mail we send and follow its link.</p>',
        }),
        await createItem(owner, accountId, {
          title: 'E-mail setup',
          content: '<p>Your e-mail password and server.</p>',
        }),
        await createItem(owner, accountId, { title: 'Lunch', content: '<p>The canteen opens at noon.</p>' }),
      ];
      await lore.indexed();
      for (const item of items) await embedItemPassages(lore.db, model, item.id);
      const askedFor = 'How do I reset my password from the email?';
      const byWords = await retrieve(lore.db, accountId, askedFor);
      expect(byWords[0]!.title).toBe('Locked out');
      const fused = await retrieve(lore.db, accountId, askedFor, { embedder: model });
      expect(fused[0]!.title).toBe('Locked out');
      expect(idsOf(fused).slice(0, byWords.length)).toEqual(idsOf(byWords));
    },
  );
});
