import { beforeEach, describe, expect, it } from 'vitest';
import { createItem } from '../test/knowledge-factory';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { insertKnowledge } from '../data/knowledge';
import { accountKey, findItemsToIndex, lexemeQuery, readCandidates, requestIndexing } from '../data/search-index';
import { analyze } from './analyze';
import { describableItem, describeExtractively } from '../ai/describe';
import { buildItemIndex, indexItem, indexStaleItems, storedContribution } from './index-item';
import { reindexInBackground } from './reindex';
import { retrieve } from './retrieve';

const lore = useTestServer();
let owner: SignedInClient;
let accountId: string;

beforeEach(async () => {
  const account = await lore.account();
  [accountId, owner] = [account.id, account.owner];
});

const titles = async (question: string, account = accountId) => {
  await lore.indexed();
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
    await lore.indexed();
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
    // The kept statistics are what the stored index rows add up to.
    await lore.indexed();
    const stored = await lore.db
      .selectFrom('search_items')
      .select(['knowledge_id', 'chunk', 'vector', 'layout'])
      .where('account_id', '=', accountId)
      .execute();
    const counted = new Map<string, string>();
    const totals = { items: 0, passages: 0, passageLength: 0, outlineLength: 0 };
    for (const id of new Set(stored.map((row) => row.knowledge_id))) {
      const contribution = storedContribution(stored.filter((row) => row.knowledge_id === id));
      for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += contribution.totals[key];
      for (const [term, rarity] of contribution.terms) {
        const [items, passages, outlines] = (counted.get(term) ?? '0/0/0').split('/').map(Number);
        counted.set(term, `${items! + rarity.items}/${passages! + rarity.passages}/${outlines! + rarity.outlines}`);
      }
    }
    const kept = await lore.db
      .selectFrom('search_term_counts')
      .selectAll()
      .where('account_key', '=', accountKey(accountId))
      .execute();
    expect(counted.size).toBeGreaterThan(5);
    expect(new Map(kept.map((row) => [row.term, `${row.items}/${row.passages}/${row.outlines}`]))).toEqual(counted);
    const keptTotals = await lore.db
      .selectFrom('search_totals')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect({
      items: Number(keptTotals.items),
      passages: Number(keptTotals.passages),
      passageLength: keptTotals.passage_length,
      outlineLength: keptTotals.outline_length,
    }).toEqual(totals);
    expect(await titles('staging production')).toHaveLength(3);
  });

  it('finds the last sections of a long item (analysed in the index thread), stored in chunks, and keeps its statistics', async () => {
    // About 21,000 terms: past what one tsvector keeps (positions up to 16,383).
    const filler = (n: number) =>
      `<p>${Array.from({ length: 700 }, (_, i) => `word${(i * 7 + n) % 500}`).join(' ')}</p>`;
    const sections = Array.from({ length: 30 }, (_, i) => `<h2>Section ${i}</h2>${filler(i)}`).join('');
    const long = await createItem(owner, accountId, {
      title: 'Operations manual',
      content: `<h2>Start</h2><p>Kettle descaling first.</p>${sections}<h2>Rollback</h2><p>Feed the zebrafish before rolling back.</p>`,
    });
    await lore.indexed();
    const [hit] = await retrieve(lore.db, accountId, 'zebrafish rollback');
    expect(hit).toMatchObject({ knowledge_id: long.id, heading: 'Rollback' });
    const chunks = await lore.db
      .selectFrom('search_items')
      .select('chunk')
      .where('knowledge_id', '=', long.id)
      .execute();
    expect(chunks.length).toBeGreaterThan(1);
    // The thread's analysis is the one this process would have made.
    const { content } = await lore.db
      .selectFrom('knowledge')
      .select('content')
      .where('id', '=', long.id)
      .executeTakeFirstOrThrow();
    const here = buildItemIndex({ id: long.id, account_id: accountId, title: 'Operations manual', tags: [], content });
    expect(chunks.length).toBe(here.chunks.length);
    // Words in different chunks: every one must match, in the list too.
    const list = await owner.get(
      `/api/accounts/${accountId}/knowledge?search=${encodeURIComponent('kettle zebrafish')}`,
    );
    expect(list.body.data.items.map((item: { id: string }) => item.id)).toEqual([long.id]);
    // A word in every chunk: the item is one candidate, each of its places read once.
    const [word, kettle] = [analyze('word1')[0]!, analyze('kettle')[0]!];
    const [candidate] = await readCandidates(lore.db, accountId, lexemeQuery([word]), [word], 300, {
      required: [lexemeQuery([kettle])],
    });
    const places = candidate!.positions.get(word)!;
    expect(candidate!.knowledgeId).toBe(long.id);
    expect(new Set(places).size).toBe(places.length);
    const counts = await lore.db
      .selectFrom('search_term_counts')
      .select(['term', 'passages'])
      .where('account_key', '=', accountKey(accountId))
      .where('term', 'in', ['zebrafish', 'word1'])
      .execute();
    const passages = new Map(counts.map((row) => [row.term, row.passages]));
    expect(passages.get('zebrafish')).toBe(1);
    // In most of the 30 sections' windows (each section is cut into windows of 300 words).
    expect(passages.get('word1')).toBeGreaterThanOrEqual(30);
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

  it('indexes at start-up the items saved but not indexed (the process stopped first), and edits saved meanwhile', async () => {
    // Saved, and the process gone before its indexer came to it: the item keeps its stamp.
    const item = await insertKnowledge(lore.db, {
      accountId,
      userId: owner.userId,
      title: 'Onboarding checklist',
      content: '<p>Laptop, badge, accounts.</p>',
      tags: [],
    });
    expect(await titles('onboarding')).toEqual([]);
    // An index of the text as it was read is not written once the item was saved again meanwhile.
    const [read] = await findItemsToIndex(lore.db, [item.id]);
    await requestIndexing(lore.db, item.id);
    expect(await indexItem(lore.db, read!)).toBe(false);
    expect(await titles('onboarding')).toEqual([]);
    // With no model, its summary and question come with its index (decision 51).
    expect(await indexStaleItems(lore.db, { describe: true })).toBeGreaterThanOrEqual(1);
    expect(await titles('onboarding')).toEqual(['Onboarding checklist']);
    const indexed = await lore.db
      .selectFrom('knowledge')
      .select(['index_request', 'ai_summary', 'ai_question'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    const onboarding = { title: 'Onboarding checklist', content: '<p>Laptop, badge, accounts.</p>' };
    const { summary, question } = describeExtractively(describableItem(onboarding));
    expect(indexed).toEqual({ index_request: null, ai_summary: summary, ai_question: question });
    expect(summary).toBe('Laptop, badge, accounts.');
  });

  it('indexes at start-up, in the background, a long item saved but not indexed (analysed in the index thread), and describes it', async () => {
    const content = `<p>Safety starts at the warehouse door.</p><p>${'Forklifts keep to the marked lanes. '.repeat(2000)}</p>`;
    const item = await insertKnowledge(lore.db, {
      accountId,
      userId: owner.userId,
      title: 'Warehouse',
      content,
      tags: [],
    });
    const logger = { info: () => {}, warn: () => {}, error: () => {} };
    expect(await reindexInBackground(lore.db, logger, { describe: true }).done).toBeGreaterThanOrEqual(1);
    expect(await titles('forklifts lanes')).toEqual(['Warehouse']);
    const { ai_summary } = await lore.db
      .selectFrom('knowledge')
      .select('ai_summary')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(ai_summary).toMatch(/^Safety starts at the warehouse door\. Forklifts/);
  });

  it('indexes items of an older analyzer in the background, answering requests and searches meanwhile', async () => {
    const items = [];
    for (let i = 0; i < 12; i++) {
      items.push(await createItem(owner, accountId, { title: `Runbook ${i}`, content: `<p>Restart step ${i}.</p>` }));
    }
    // As after an analyzer change: every item is indexed, but under an older version.
    await lore.indexed();
    const ids = items.map((item) => item.id);
    await lore.db.updateTable('knowledge').set({ search_version: 1 }).where('id', 'in', ids).execute();
    const stale = () =>
      lore.db.selectFrom('knowledge').select('id').where('id', 'in', ids).where('search_version', '=', 1).execute();

    const log: Array<Record<string, unknown>> = [];
    const logger = {
      info: (details: Record<string, unknown>) => void log.push(details),
      warn: () => {},
      error: () => {},
    };
    const reindexing = reindexInBackground(lore.db, logger);
    // A request sent as it starts is answered before it has finished: it gives way between items.
    const health = await lore.anonymous().get('/api/health');
    expect(health.status).toBe(200);
    expect((await stale()).length).toBeGreaterThan(0);
    // The old index rows answer for the items not yet done.
    expect(await titles('runbook restart')).toHaveLength(10);

    expect(await reindexing.done).toBeGreaterThanOrEqual(12);
    expect(await stale()).toEqual([]);
    expect(await titles('runbook restart')).toHaveLength(10);
    expect(log.at(-1)).toMatchObject({ indexed: expect.any(Number) });
  });
});
