import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { readEventStream } from '../test/event-stream';
import { createItem } from '../test/knowledge-factory';
import type { SignedInClient } from '../test/test-server';
import { testEngine } from '../test/test-database';
import { useTestServer } from '../test/use-test-server';
import { findItemsToIndex, requestIndexing } from '../data/search-index';
import { insertKnowledge } from '../data/knowledge';
import { tablesNeedingMaintenance, vacuumIfGrown } from '../db/maintenance';
import { ANALYZER_VERSION } from './analyze';
import { indexItems, indexStaleItems } from './index-item';
import { ALONE_BATCH_ITEMS, inBatches } from './indexer';

const lore = useTestServer();
let owner: SignedInClient;
let accountId: string;

beforeEach(async () => {
  const account = await lore.account();
  [accountId, owner] = [account.id, account.owner];
});

const listed = async (search: string) => {
  const answer = await owner.get(`/api/accounts/${accountId}/knowledge?search=${encodeURIComponent(search)}`);
  return (answer.body.data.items as Array<{ title: string }>).map((item) => item.title);
};

/** Each item's index state, and the transaction that wrote its index (xmin: they run one after another). */
const indexState = async (ids: string[]) =>
  (
    await sql<{ id: string; index_request: string | null; search_version: number; written_by: string }>`
      SELECT k.id, k.index_request::text, k.search_version, s.xmin::text AS written_by
      FROM knowledge k JOIN search_items s ON s.knowledge_id = k.id AND s.chunk = 0
      WHERE k.id = ANY(${ids}::uuid[])`.execute(lore.db)
  ).rows;

describe('indexing after the save (decision 45)', () => {
  it('indexes saved items in the order they were saved, and clears their stamp', async () => {
    const items = [];
    for (const title of ['Alpha runbook', 'Beta runbook', 'Gamma runbook'])
      items.push(await createItem(owner, accountId, { title, content: `<p>${title} steps.</p>` }));
    await lore.indexed();
    const states = await indexState(items.map((item) => item.id));
    expect(states.map((state) => [state.index_request, state.search_version])).toEqual(
      items.map(() => [null, ANALYZER_VERSION]),
    );
    // Without an embeddings model, no passage rows: they are the keys of vectors (migration 0050).
    const passages = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM search_passages WHERE knowledge_id = ANY(${items.map((item) => item.id)}::uuid[])
    `.execute(lore.db);
    expect(passages.rows[0]!.n).toBe(0);
    const writtenBy = new Map(states.map((state) => [state.id, BigInt(state.written_by)]));
    const order = items.map((item) => writtenBy.get(item.id)!);
    expect([...order].sort((a, b) => (a < b ? -1 : 1))).toEqual(order);
  });

  it('has both search boxes find what was saved just before, without waiting on the caller’s side', async () => {
    const saved = await Promise.all(
      ['Kettle descaling', 'Kettle filters', 'Kettle warranty'].map((title) =>
        createItem(owner, accountId, { title, content: `<p>${title}: vinegar and water.</p>` }),
      ),
    );
    expect(saved).toHaveLength(3);
    expect((await listed('kettle')).sort()).toEqual(['Kettle descaling', 'Kettle filters', 'Kettle warranty']);
    await createItem(owner, accountId, { title: 'Zebrafish feeding', content: '<p>Twice a day.</p>' });
    const answer = await readEventStream(owner, '/api/aiKnowledgeSearch', { accountId, query: 'zebrafish feeding' });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.events)).toContain('Zebrafish feeding');
  });

  it('indexes an item saved again while it waited or was indexed with its last text only', async () => {
    const item = await createItem(owner, accountId, { title: 'Draft one', content: '<p>Quarterly plan.</p>' });
    for (const title of ['Draft two', 'Draft three', 'Final roadmap'])
      expect((await owner.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, { title })).status).toBe(200);
    expect(await listed('roadmap')).toEqual(['Final roadmap']);
    expect(await listed('draft')).toEqual([]);
    const [state] = await indexState([item.id]);
    expect(state!.index_request).toBeNull();
  });

  it('vacuums the index’s tables along a run of indexing, so that they reuse the room its updates free', async () => {
    for (let i = 0; i < 10; i++)
      await createItem(owner, accountId, { title: `Note ${i}`, content: `<p>Word${i} shared words.</p>` });
    await lore.indexed();
    // Never vacuumed nor analyzed, a table counts -1 rows (the embedded database has no autovacuum).
    const counted = await sql<{ relname: string; reltuples: number }>`
      SELECT relname, reltuples FROM pg_class WHERE relname IN ('search_items', 'search_term_counts')
      ORDER BY relname`.execute(lore.db);
    expect(counted.rows.map((row) => [row.relname, Number(row.reltuples) > 0])).toEqual([
      ['search_items', true],
      ['search_term_counts', true],
    ]);
  });

  it('lets a workspace be deleted while its new items are being indexed', async () => {
    const doomed = await lore.account({ owner });
    const { search_key: key } = await lore.db
      .selectFrom('accounts')
      .select('search_key')
      .where('id', '=', doomed.id)
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        createItem(owner, doomed.id, { title: `Doomed ${i}`, content: `<p>${'Soon gone. '.repeat(200)}</p>` }),
      ),
    );
    // Sent at once: the indexer is still at these items.
    expect((await owner.delete(`/api/accounts/${doomed.id}`)).status).toBe(204);
    await lore.indexed();
    const left = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM search_items WHERE account_id = ${doomed.id})::int
        + (SELECT count(*) FROM search_term_counts WHERE account_key = ${key})::int AS n`.execute(lore.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('indexes the items waiting together, each workspace’s apart and in order, to the statistics one by one gives', async () => {
    const together = await lore.account({ owner });
    const other = await lore.account({ owner });
    const oneByOne = await lore.account({ owner });
    const texts = [
      ['Running the deploy', 'Run the deploy script; it runs the migrations first.'],
      ['Deploy rollback', 'Roll back a deploy that fails its checks.'],
      ['Checks before a release', 'The release runs its checks, then the deploy.'],
      ['Release notes', 'Notes of each release, written while running it.'],
      ['Deploy freeze', 'No deploy runs during a freeze.'],
      ['Hotfix', 'A hotfix is released and deployed at once, its checks run.'],
    ];
    const save = (accountId: string, [title, text]: string[]) =>
      insertKnowledge(lore.db, { accountId, userId: owner.userId, title: title!, content: `<p>${text}</p>`, tags: [] });
    // Their stamps cross a power of ten, where stamps ordered as text would not be in the order of saves.
    await sql`SELECT setval('search_index_requests', GREATEST(nextval('search_index_requests'), 999997))`.execute(
      lore.db,
    );
    const items = [];
    for (const text of texts) items.push({ id: (await save(together.id, text)).id, account_id: together.id });
    const others = [];
    for (const text of texts.slice(0, 2)) others.push({ id: (await save(other.id, text)).id, account_id: other.id });
    // Asked for at once: taken in order, at most four together, never past another workspace's item.
    const indexer = lore.deps.searchIndexer;
    const asked = [...items.slice(0, 5), others[0]!, items[5]!, others[1]!];
    for (const item of asked) indexer.indexSoon(item);
    // One by one, in a third workspace: each indexed before the next is asked for.
    for (const text of texts) {
      indexer.indexSoon({ id: (await save(oneByOne.id, text)).id, account_id: oneByOne.id });
      await lore.indexed();
    }
    await lore.indexed();
    const writtenBy = new Map(
      (await indexState(asked.map((item) => item.id))).map((state) => [state.id, state.written_by]),
    );
    const transactions = [...new Set(asked.map((item) => writtenBy.get(item.id)))];
    expect(asked.map((item) => transactions.indexOf(writtenBy.get(item.id)))).toEqual([0, 0, 0, 0, 1, 2, 3, 4]);
    // The statistics and words offered are what indexing them one by one gives.
    const statistics = async (id: string) => {
      const [totals, terms] = await Promise.all([
        sql`SELECT items, passages, passage_length, outline_length FROM search_totals WHERE account_id = ${id}`.execute(
          lore.db,
        ),
        sql`SELECT term, written, items, passages, outlines, forms FROM search_term_counts
          WHERE account_key = (SELECT search_key FROM accounts WHERE id = ${id}) ORDER BY term`.execute(lore.db),
      ]);
      return { totals: totals.rows, terms: terms.rows };
    };
    const expected = await statistics(oneByOne.id);
    expect(expected.terms.length).toBeGreaterThan(10);
    expect(await statistics(together.id)).toEqual(expected);
  });

  describe('a run of saves handed over a batch at a time (an import, decision 52)', () => {
    const savePages = async (count: number) => {
      const items: Array<{ id: string; account_id: string }> = [];
      for (let i = 0; i < count; i++) {
        const values = { accountId, userId: owner.userId, title: `Page ${i}`, content: '<p>Text.</p>', tags: [] };
        items.push({ id: (await insertKnowledge(lore.db, values)).id, account_id: accountId });
      }
      return items;
    };
    /** How many of the items are not indexed yet (still stamped), as committed. */
    const stamped = async (db: typeof lore.db, items: Array<{ id: string }>) =>
      (
        await db
          .selectFrom('knowledge')
          .select('id')
          .where(
            'id',
            'in',
            items.map((item) => item.id),
          )
          .where('index_request', 'is not', null)
          .execute()
      ).length;

    /** How many transactions wrote the items' index. */
    const transactions = async (items: Array<{ id: string }>) =>
      new Set((await indexState(items.map((item) => item.id))).map((state) => state.written_by)).size;

    it('goes on as soon as the indexer takes the batch, while nobody else uses Lore', async () => {
      // Alone, a batch is bigger (decision 55): its items are held until there are that many.
      const items = await savePages(ALONE_BATCH_ITEMS);
      const run = inBatches(lore.deps.searchIndexer, () => false);
      // The workspace's index is held here, so the batch cannot be written before the run goes on.
      await lore.db.transaction().execute(async (trx) => {
        await sql`SELECT search_index_lock(${accountId})`.execute(trx);
        for (const item of items.slice(0, -1)) run.indexSoon(item);
        await run.flush();
        run.indexSoon(items.at(-1)!);
        await run.flush();
        expect(await stamped(trx, items)).toBe(ALONE_BATCH_ITEMS);
      });
      await lore.indexed();
      expect(await stamped(lore.db, items)).toBe(0);
      expect(await transactions(items)).toBe(1);
    });

    it('waits for the batch to be written while someone else uses Lore, four items a batch', async () => {
      const items = await savePages(8);
      const run = inBatches(lore.deps.searchIndexer, () => true);
      for (const item of items.slice(0, 4)) run.indexSoon(item);
      await run.flush();
      expect(await stamped(lore.db, items)).toBe(4);
      for (const item of items.slice(4)) run.indexSoon(item);
      await run.flush();
      expect(await stamped(lore.db, items)).toBe(0);
      expect(await transactions(items)).toBe(2);
    });

    // On PGlite only: there a VACUUM holds every request up; on PostgreSQL, autovacuum may vacuum meanwhile.
    it.skipIf(testEngine === 'postgres')(
      'puts the index’s VACUUM off while someone else uses Lore, and does it once nobody does (decision 59)',
      async () => {
        const termCounts = ['search_term_counts'];
        await vacuumIfGrown(lore.db, termCounts);
        expect(await tablesNeedingMaintenance(lore.db, termCounts)).toEqual([]);
        // Pages of words of their own: each adds 300 terms to the workspace's counts.
        const items: Array<{ id: string; account_id: string }> = [];
        for (let i = 0; i < 20; i++) {
          const words = Array.from({ length: 300 }, (_, w) => `upkeep${i}word${w}`).join(' ');
          const values = { accountId, userId: owner.userId, title: `Page ${i}`, content: `<p>${words}</p>`, tags: [] };
          items.push({ id: (await insertKnowledge(lore.db, values)).id, account_id: accountId });
        }
        const busy = inBatches(lore.deps.searchIndexer, () => true);
        for (const item of items.slice(0, 16)) {
          busy.indexSoon(item);
          await busy.flush();
        }
        expect(await stamped(lore.db, items.slice(0, 16))).toBe(0);
        // Sixteen items in, the counts grew by far more than a fifth, and wait for their VACUUM.
        expect(await tablesNeedingMaintenance(lore.db, termCounts)).toEqual(termCounts);

        const alone = inBatches(lore.deps.searchIndexer, () => false);
        for (const item of items.slice(16)) alone.indexSoon(item);
        await alone.flush(true);
        await lore.indexed();
        expect(await tablesNeedingMaintenance(lore.db, termCounts)).toEqual([]);
      },
    );
  });

  it('leaves out of a batch an item saved again as it was read, for that save’s indexing', async () => {
    const saved = [];
    for (const title of ['Kept note', 'Edited note'])
      saved.push(
        await insertKnowledge(lore.db, { accountId, userId: owner.userId, title, content: '<p>Text.</p>', tags: [] }),
      );
    const read = await findItemsToIndex(
      lore.db,
      saved.map((item) => item.id),
    );
    await requestIndexing(lore.db, saved[1]!.id);
    expect(await indexItems(lore.db, read)).toEqual([saved[0]!.id]);
    const [kept] = await indexState([saved[0]!.id]);
    expect(kept!.index_request).toBeNull();
    expect(await listed('edited')).toEqual([]);
    expect(await indexStaleItems(lore.db)).toBeGreaterThanOrEqual(1);
    expect(await listed('edited')).toEqual(['Edited note']);
  });

  it('analyses an item as its save handed it over, not read back; one saved again since waits for that save', async () => {
    const save = async (title: string) => {
      const row = { accountId, userId: owner.userId, title, content: '<p>Stored text.</p>', tags: [] };
      const { id, indexRequest } = await insertKnowledge(lore.db, row);
      return {
        id,
        account_id: accountId,
        title,
        tags: [],
        content: '<p>Lighthouse keeping.</p>',
        index_request: indexRequest!,
      };
    };
    const [handed, savedAgain] = [await save('Handed note'), await save('Saved again note')];
    // As handed over, not as stored: the indexer did not read it back (here the two differ on purpose).
    lore.deps.searchIndexer.indexSoon(handed, { ...handed, pdf_texts: ['Manual of the widget'] });
    await requestIndexing(lore.db, savedAgain.id);
    lore.deps.searchIndexer.indexSoon(savedAgain, { ...savedAgain, pdf_texts: [] });
    await lore.indexed();
    expect(await listed('lighthouse')).toEqual(['Handed note']);
    expect(await listed('widget')).toEqual(['Handed note']);
    // Its handed text was of an older save (its stamp): left out, still stamped for the later save's indexing.
    expect(await listed('note')).toEqual(['Handed note']);
    const [state] = await lore.db
      .selectFrom('knowledge')
      .select(sql<string | null>`index_request::text`.as('stamp'))
      .where('id', '=', savedAgain.id)
      .execute();
    expect(state!.stamp).not.toBeNull();
    lore.deps.searchIndexer.indexSoon(savedAgain);
    await lore.indexed();
    expect(await listed('stored')).toEqual(['Saved again note']);
  });

  it('indexes an item at its last save when two saves hand it over in the other order', async () => {
    const row = { accountId, userId: owner.userId, title: 'Two saves', content: '<p>First.</p>', tags: [] };
    const { id, indexRequest: first } = await insertKnowledge(lore.db, row);
    await requestIndexing(lore.db, id);
    const { stamp: last } = await lore.db
      .selectFrom('knowledge')
      .select(sql<string>`index_request::text`.as('stamp'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const handed = (content: string, stamp: string) => ({
      id,
      account_id: accountId,
      title: 'Two saves',
      tags: [],
      content,
      index_request: stamp,
      pdf_texts: [],
    });
    // The later save's comes first, then the earlier one's, while the item waits.
    lore.deps.searchIndexer.indexSoon({ id, account_id: accountId }, handed('<p>Later walrus.</p>', last));
    lore.deps.searchIndexer.indexSoon({ id, account_id: accountId }, handed('<p>Earlier narwhal.</p>', first!));
    await lore.indexed();
    // Read as it is (what the database holds): not left stamped behind the earlier save's text.
    expect(await listed('first')).toEqual(['Two saves']);
    const [state] = await indexState([id]);
    expect(state!.index_request).toBeNull();
  });

  it('indexes the others of a batch when one of its items cannot be indexed, and leaves that one stamped', async () => {
    const saved = [];
    for (const title of ['First of three', 'Cannot be indexed', 'Third of three'])
      saved.push(
        await insertKnowledge(lore.db, { accountId, userId: owner.userId, title, content: '<p>Text.</p>', tags: [] }),
      );
    const failing = saved[1]!.id;
    // A real failure of the index's write for that item alone: its batch's transaction fails with it.
    await sql`CREATE FUNCTION refuse_one_item() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.knowledge_id = ${sql.lit(failing)}::uuid THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`.execute(
      lore.db,
    );
    await sql`CREATE TRIGGER refuse_one_item BEFORE INSERT ON search_items FOR EACH ROW EXECUTE FUNCTION refuse_one_item()`.execute(
      lore.db,
    );
    try {
      for (const { id } of saved) lore.deps.searchIndexer.indexSoon({ id, account_id: accountId });
      await lore.indexed();
    } finally {
      await sql`DROP TRIGGER refuse_one_item ON search_items; DROP FUNCTION refuse_one_item()`.execute(lore.db);
    }
    const stamps = await lore.db
      .selectFrom('knowledge')
      .select(['id', sql<string | null>`index_request::text`.as('stamp')])
      .where(
        'id',
        'in',
        saved.map((item) => item.id),
      )
      .execute();
    const stampOf = new Map(stamps.map((row) => [row.id, row.stamp]));
    expect(saved.map((item) => stampOf.get(item.id) === null)).toEqual([true, false, true]);
    expect((await listed('three')).sort()).toEqual(['First of three', 'Third of three']);
  });
});

it('keeps an item’s tsvector compressed by lz4 where the server has it (migration 0053)', async () => {
  // Words that do not repeat: pglz, which keeps only a saving of a quarter, would store them whole.
  const words = Array.from({ length: 600 }, (_, i) => `word${(i * 7919).toString(36)}x${i}`);
  const item = await createItem(owner, accountId, { title: 'Many words', content: `<p>${words.join(' ')}</p>` });
  await lore.indexed();
  const { rows } = await sql<{ lz4: boolean; compression: string | null }>`
    SELECT (SELECT 'lz4' = ANY (enumvals) FROM pg_settings WHERE name = 'default_toast_compression') AS lz4,
      pg_column_compression(vector) AS compression
    FROM search_items WHERE knowledge_id = ${item.id}`.execute(lore.db);
  // PGlite is built without lz4 (and pglz leaves these words whole); this machine's PostgreSQL has it.
  if (testEngine === 'pglite') expect(rows[0]!.lz4).toBe(false);
  expect(rows[0]!.compression).toBe(rows[0]!.lz4 ? 'lz4' : null);
  expect(await listed(words[300]!)).toEqual(['Many words']);
});
