import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createItem } from '../test/knowledge-factory';
import { startTestServer, type SignedInClient, type TestServer } from '../test/test-server';
import type { RankedPassage } from '../data/search-index';
import { indexStaleItems } from './index-item';
import { RRF_K, fuseRankings, retrieve } from './retrieve';

let lore: TestServer;
let owner: SignedInClient;
let accountId: string;

beforeAll(async () => {
  lore = await startTestServer();
});
afterAll(() => lore.close());
beforeEach(async () => {
  const account = await lore.account();
  [accountId, owner] = [account.id, account.owner];
});

const titles = async (question: string, account = accountId) => {
  const hits = await retrieve(lore.db, account, question);
  const items = await lore.db.selectFrom('knowledge').select(['id', 'title']).execute();
  return hits.map((hit) => items.find((item) => item.id === hit.knowledge_id)?.title);
};

describe('ranked retrieval', () => {
  it('ranks the item that matches the meaningful words of a question above keyword noise', async () => {
    await createItem(owner, accountId, {
      title: 'Password rules',
      content: `<p>${'Password password password. '.repeat(20)}</p>`,
    });
    await createItem(owner, accountId, {
      title: 'Locked out',
      content: '<p>To reset your password, open the e-mail we send and follow its link.</p>',
    });
    await createItem(owner, accountId, { title: 'Lunch', content: '<p>The canteen opens at noon.</p>' });
    const found = await titles('How do I reset my password from the email?');
    expect(found[0]).toBe('Locked out');
    expect(found).not.toContain('Lunch');
  });

  it('answers with the passage under the heading that matches', async () => {
    const item = await createItem(owner, accountId, {
      title: 'Handbook',
      content:
        '<h2>Holidays</h2><p>Everyone gets 25 paid holiday days a year.</p><h2>Expenses</h2><p>Submit receipts monthly.</p>',
    });
    const [hit] = await retrieve(lore.db, accountId, 'how many paid holiday days');
    expect(hit).toMatchObject({
      knowledge_id: item.id,
      heading: 'Holidays',
      body: 'Everyone gets 25 paid holiday days a year.',
    });
  });

  it('follows edits and deletions', async () => {
    const item = await createItem(owner, accountId, {
      title: 'Kubernetes upgrade',
      content: '<p>Drain the nodes first.</p>',
    });
    expect(await titles('kubernetes')).toEqual(['Kubernetes upgrade']);
    await owner.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, { title: 'Cluster upgrade' });
    expect(await titles('kubernetes')).toEqual([]);
    expect(await titles('cluster')).toEqual(['Cluster upgrade']);
    await owner.delete(`/api/accounts/${accountId}/knowledge/${item.id}`);
    expect(await titles('cluster')).toEqual([]);
  });

  it('keeps every term’s document frequency equal to a count of its postings, through concurrent saves and deletes', async () => {
    const items = await Promise.all(
      ['Deploy guide', 'Deploy checklist', 'Release notes', 'Rollback plan'].map((title) =>
        createItem(owner, accountId, { title, content: `<h2>Steps</h2><p>${title}: build, test, deploy.</p>` }),
      ),
    );
    // Saves of one account racing each other must neither deadlock nor lose a count.
    await Promise.all(
      items.map((item, i) =>
        owner.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, {
          content: `<p>${'deploy to staging then production. '.repeat(i + 1)}</p>`,
        }),
      ),
    );
    await owner.delete(`/api/accounts/${accountId}/knowledge/${items[0]!.id}`);
    const { rows } = await sql<{ term: string; kind: number; counted: string | null; kept: string | null }>`
      SELECT term, kind, c.rows AS counted, s.rows AS kept
      FROM (SELECT term, kind, count(*) AS rows FROM search_terms WHERE account_id = ${accountId} GROUP BY term, kind) c
      FULL JOIN (SELECT term, kind, rows FROM search_term_stats WHERE account_id = ${accountId}) s USING (term, kind)
    `.execute(lore.db);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => row.counted !== row.kept)).toEqual([]);
    expect(await titles('staging production')).toHaveLength(3);
  });

  it("never returns another account's items", async () => {
    await createItem(owner, accountId, { title: 'Secret roadmap', content: '<p>Launch in May.</p>' });
    const other = await lore.account();
    expect(await titles('secret roadmap', other.id)).toEqual([]);
  });

  it('finds CJK text by a part of a word, and accented words without their accents', async () => {
    await createItem(owner, accountId, { title: '部署指南', content: '<p>本番環境への部署手順。</p>' });
    await createItem(owner, accountId, { title: 'Émigré stories', content: '<p>Café culture.</p>' });
    expect(await titles('部署')).toEqual(['部署指南']);
    expect(await titles('emigre cafe')).toEqual(['Émigré stories']);
  });

  it('indexes at start-up the items whose indexing never finished', async () => {
    const item = await createItem(owner, accountId, {
      title: 'Onboarding checklist',
      content: '<p>Laptop, badge, accounts.</p>',
    });
    await lore.db.deleteFrom('search_terms').where('knowledge_id', '=', item.id).execute();
    await lore.db.deleteFrom('search_passages').where('knowledge_id', '=', item.id).execute();
    await lore.db.updateTable('knowledge').set({ search_version: 0 }).where('id', '=', item.id).execute();
    expect(await titles('onboarding')).toEqual([]);
    expect(await indexStaleItems(lore.db)).toBeGreaterThanOrEqual(1);
    expect(await titles('onboarding')).toEqual(['Onboarding checklist']);
  });
});

describe('fusing the rankings by words and by meaning', () => {
  const hit = (knowledgeId: string, passageId: string): RankedPassage => ({
    knowledge_id: knowledgeId,
    short_id: knowledgeId,
    title: knowledgeId,
    passage_id: passageId,
    heading: '',
    body: passageId,
    score: 99,
  });

  it('adds 1 / (k + rank) over the rankings, keeping the passage the words chose', () => {
    const words = [hit('a', 'a-words'), hit('b', 'b-words'), hit('c', 'c-words')];
    const meaning = [hit('c', 'c-meaning'), hit('d', 'd-meaning'), hit('a', 'a-meaning')];
    const fused = fuseRankings(words, meaning, 10);
    expect(fused.map((h) => [h.knowledge_id, h.passage_id])).toEqual([
      ['a', 'a-words'], // 1/61 + 1/63
      ['c', 'c-words'], // 1/63 + 1/61, a tie: the words' order decides
      ['b', 'b-words'], // 1/62
      ['d', 'd-meaning'], // 1/62, found by meaning alone: after the words' item of the same rank
    ]);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 3), 12);
    expect(fused[3]!.score).toBeCloseTo(1 / (RRF_K + 2), 12);
  });

  it('answers at most the number asked for, and either ranking alone when the other is empty', () => {
    const words = [hit('a', 'a1'), hit('b', 'b1')];
    expect(fuseRankings(words, [], 1).map((h) => h.knowledge_id)).toEqual(['a']);
    expect(fuseRankings([], words, 10).map((h) => h.knowledge_id)).toEqual(['a', 'b']);
  });
});
