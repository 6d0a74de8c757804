import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { readEventStream } from '../test/event-stream';
import { createItem } from '../test/knowledge-factory';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { ANALYZER_VERSION } from './analyze';

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
});
