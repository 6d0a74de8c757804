import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { itemPassages } from './item-terms';
import { withPassages, withPassageText } from './passage-text';
import { EMBED_ITEM, embedStaleItemsLater } from '../jobs/embed-item';
import { readEventStream } from '../test/event-stream';
import { createItem } from '../test/knowledge-factory';
import { STAND_IN_DIMENSIONS, embedText, startModelStandIn, type ModelStandIn } from '../test/model-stand-in';
import { startTestServer, type SignedInClient, type TestServer } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { analyzeQuery } from './analyze';
import { EMBED_BATCH, createEmbedder, passageText } from './embed';
import { withVariants } from './rank';
import { rankByWords, retrieve } from './retrieve';

/*
 * The stand-in embeds a text as its hashed words: "holiday" and "exclusive"
 * land on the same two of its 64 dimensions, so to it they mean the same, as
 * "vacation" and "paid holiday" do to a real model; to the analyzer they are two
 * unrelated words. Each test checks that premise before relying on it.
 */
const QUESTION = 'holiday backups';
const BY_MEANING = { title: 'Exclusive rules', content: '<p>Exclusive rules apply to everyone.</p>' };
const UNRELATED = { title: 'Lunch', content: '<p>The canteen opens at noon.</p>' };

const cosine = (a: string, b: string) => {
  const [x, y] = [embedText(a), embedText(b)];
  return x.reduce((sum, value, i) => sum + value * y[i]!, 0);
};
const textOf = (item: { title: string; content: string }) =>
  passageText({ title: item.title, heading: '', body: item.content.replace(/<[^>]+>/g, '') });

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
afterEach(() => {
  standIn.behave('ok');
  vi.restoreAllMocks();
});

const byWords = (question: string, account = accountId) => retrieve(lore.db, account, question);
const byWordsAndMeaning = (question: string, account = accountId, options: { timeoutMs?: number } = {}) =>
  retrieve(lore.db, account, question, { embedder: lore.deps.embedder, ...options });

/** An item's vectors, each with its passage's heading and text (read back from the item, as Lore does). */
const vectorsOf = async (knowledgeId: string) => {
  const rows = await lore.db
    .selectFrom('search_vectors as v')
    .innerJoin('search_passages as p', 'p.id', 'v.passage_id')
    .innerJoin('knowledge as k', 'k.id', 'p.knowledge_id')
    .select(['v.passage_id', 'v.account_id', 'v.model', 'p.heading', 'p.position', 'k.content'])
    .select(sql<number[]>`v.embedding::real[]`.as('embedding'))
    .where('p.knowledge_id', '=', knowledgeId)
    .orderBy('p.position')
    .execute();
  return rows.map(({ content, position, ...row }) => ({ ...row, body: itemPassages(content)[position]!.text }));
};

describe('embedding passages', () => {
  it('stores one unit vector per body passage, from that passage, in batches', async () => {
    const item = await createItem(owner, accountId, {
      title: 'Runbook',
      content: '<h2>Deploy</h2><p>Tag the release.</p><h2>Roll back</h2><p>Revert the tag.</p>',
    });
    await lore.jobs.runUntilIdle();
    const vectors = await vectorsOf(item.id);
    expect(vectors.map((v) => v.heading)).toEqual(['Deploy', 'Roll back']);
    for (const v of vectors) {
      expect(v).toMatchObject({ account_id: accountId, model: 'stand-in' });
      expect(v.embedding).toHaveLength(STAND_IN_DIMENSIONS);
      const expected = embedText(passageText({ title: 'Runbook', heading: v.heading, body: v.body }));
      // Stored as halfvec where there is pgvector: 11 significant bits.
      v.embedding.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 3));
    }

    const sections = Array.from({ length: EMBED_BATCH + 8 }, (_, i) => `<h2>Step ${i}</h2><p>Do thing ${i}.</p>`);
    const long = await createItem(owner, accountId, { title: 'Long runbook', content: sections.join('') });
    const before = standIn.requests.length;
    await lore.jobs.runUntilIdle();
    expect(await vectorsOf(long.id)).toHaveLength(EMBED_BATCH + 8);
    const batches = standIn.requests
      .slice(before)
      .filter((request) => request.path === '/v1/embeddings')
      .map((request) => (request.body as { input: string[] }).input);
    expect(
      batches.filter((input) => input.some((text) => text.startsWith('Long runbook'))).map((b) => b.length),
    ).toEqual([EMBED_BATCH, 8]);
  });

  it('replaces an edited item’s vectors with its new passages’ ones', async () => {
    const item = await createItem(owner, accountId, BY_MEANING);
    await lore.jobs.runUntilIdle();
    const old = await vectorsOf(item.id);
    expect(old).toHaveLength(1);
    expect((await byWordsAndMeaning(QUESTION)).map((hit) => hit.knowledge_id)).toContain(item.id);

    const edited = { title: 'Menus', content: '<p>Realistic menus.</p>' };
    expect(cosine(QUESTION, textOf(edited))).toBe(0);
    expect(cosine('lunch', textOf(edited))).toBeGreaterThan(0.4); // "lunch" and "realistic" collide
    await owner.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, edited);
    await lore.indexed();
    expect(await vectorsOf(item.id)).toEqual([]); // the reindex dropped them with their passages
    await lore.jobs.runUntilIdle();
    const replaced = await vectorsOf(item.id);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]!.passage_id).not.toBe(old[0]!.passage_id);
    expect(replaced[0]!.body).toBe('Realistic menus.');
    expect((await byWordsAndMeaning(QUESTION)).map((hit) => hit.knowledge_id)).not.toContain(item.id);
    expect((await byWordsAndMeaning('lunch')).map((hit) => hit.knowledge_id)).toEqual([item.id]);
  });

  it('queues at start-up the items whose vectors are missing or from another model, which then count', async () => {
    const missing = await createItem(owner, accountId, BY_MEANING);
    const otherModel = await createItem(owner, accountId, { ...BY_MEANING, title: 'Exclusive rules, again' });
    await lore.jobs.runUntilIdle();
    const passagesOf = (id: string) =>
      lore.db.selectFrom('search_passages').select('id').where('knowledge_id', '=', id);
    await lore.db.deleteFrom('search_vectors').where('passage_id', 'in', passagesOf(missing.id)).execute();
    await lore.db
      .updateTable('search_vectors')
      .set({ model: 'an-older-model' })
      .where('passage_id', 'in', passagesOf(otherModel.id))
      .execute();
    // Vectors of another model are not compared with this model's question.
    expect(await byWordsAndMeaning(QUESTION)).toEqual([]);

    expect(await embedStaleItemsLater(lore.db, lore.deps.embedder)).toBeGreaterThanOrEqual(2);
    const queued = await lore.db.selectFrom('jobs').select('key').where('kind', '=', EMBED_ITEM).execute();
    expect(queued.map((job) => job.key)).toEqual(expect.arrayContaining([missing.id, otherModel.id]));
    await lore.jobs.runUntilIdle();
    for (const id of [missing.id, otherModel.id]) {
      expect((await vectorsOf(id)).map((v) => v.model)).toEqual(['stand-in']);
    }
    expect((await byWordsAndMeaning(QUESTION)).map((hit) => hit.title).sort()).toEqual([
      'Exclusive rules',
      'Exclusive rules, again',
    ]);
    expect(await embedStaleItemsLater(lore.db, undefined)).toBe(0);
  });
});

describe('retrieval by words and meaning', () => {
  it('finds an item that shares no word with the question but is close in meaning', async () => {
    expect(cosine(QUESTION, textOf(BY_MEANING))).toBeGreaterThan(0.5);
    expect(cosine(QUESTION, textOf(UNRELATED))).toBe(0);
    const meaning = await createItem(owner, accountId, BY_MEANING);
    await createItem(owner, accountId, UNRELATED);
    await lore.jobs.runUntilIdle();

    expect(await byWords(QUESTION)).toEqual([]);
    const hits = await byWordsAndMeaning(QUESTION);
    expect(hits).toMatchObject([{ knowledge_id: meaning.id, body: 'Exclusive rules apply to everyone.' }]);
  });

  it('keeps what the words found, with the passage they chose, and adds what only the meaning found', async () => {
    const handbook = {
      title: 'Time off',
      content:
        '<h2>Holiday</h2><p>Everyone gets 25 days of holiday a year.</p>' +
        '<h2>Exclusive</h2><p>Exclusive, exclusive.</p>',
    };
    const tapes = { title: 'Backup tapes', content: '<p>Tapes rotate weekly.</p>' };
    const holidayPart = passageText({
      title: 'Time off',
      heading: 'Holiday',
      body: 'Everyone gets 25 days of holiday a year.',
    });
    const exclusivePart = passageText({ title: 'Time off', heading: 'Exclusive', body: 'Exclusive, exclusive.' });
    // Meaning prefers the handbook's second part, the words its first; the tapes only the words find.
    expect(cosine(QUESTION, exclusivePart)).toBeGreaterThan(cosine(QUESTION, holidayPart));
    expect(cosine(QUESTION, textOf(tapes))).toBe(0);
    const both = await createItem(owner, accountId, handbook);
    const wordsOnly = await createItem(owner, accountId, tapes);
    const meaningOnly = await createItem(owner, accountId, BY_MEANING);
    await lore.jobs.runUntilIdle();

    const words = await byWords(QUESTION);
    expect(words.map((hit) => hit.knowledge_id).sort()).toEqual([both.id, wordsOnly.id].sort());
    const hits = await byWordsAndMeaning(QUESTION);
    // Found by both rankings, the handbook comes first.
    expect(hits[0]!.knowledge_id).toBe(both.id);
    expect(hits.map((hit) => hit.knowledge_id).sort()).toEqual([both.id, wordsOnly.id, meaningOnly.id].sort());
    expect(hits[0]).toMatchObject({
      heading: 'Holiday',
      position: words.find((h) => h.knowledge_id === both.id)!.position,
    });
    expect(hits.find((hit) => hit.knowledge_id === meaningOnly.id)).toMatchObject({
      body: 'Exclusive rules apply to everyone.',
    });
  });

  it.each(['fail', 'stall'] as const)(
    'ranks by words alone when the embeddings model is down (%s)',
    async (behaviour) => {
      await createItem(owner, accountId, BY_MEANING);
      await createItem(owner, accountId, { title: 'Holiday backups', content: '<p>Copies are kept for a year.</p>' });
      await lore.jobs.runUntilIdle();
      expect(await byWordsAndMeaning(QUESTION)).toHaveLength(2);

      standIn.behave(behaviour);
      const warn = vi.fn();
      const timeout = vi.spyOn(AbortSignal, 'timeout');
      // A stalled model never answers: that retrieve returns at all shows it stopped waiting,
      const hits = await retrieve(lore.db, accountId, QUESTION, {
        embedder: lore.deps.embedder,
        logger: { warn },
        timeoutMs: 300,
      });
      // after the time it was given (not its 2 s default), and hung up rather than leave the request open.
      expect(timeout).toHaveBeenCalledWith(300);
      await expect.poll(() => standIn.openStreams()).toBe(0);
      expect(hits).toEqual(await byWords(QUESTION));
      expect(hits.map((hit) => hit.title)).toEqual(['Holiday backups']);
      expect(warn).toHaveBeenCalledOnce();
    },
  );

  it("never compares a question with another account's vectors", async () => {
    const other = await lore.account();
    const secret = await createItem(other.owner, other.id, BY_MEANING);
    await createItem(owner, accountId, UNRELATED);
    await lore.jobs.runUntilIdle();
    expect((await vectorsOf(secret.id)).map((v) => v.account_id)).toEqual([other.id]);
    expect((await byWordsAndMeaning(QUESTION, other.id)).map((hit) => hit.knowledge_id)).toEqual([secret.id]);
    expect(await byWordsAndMeaning(QUESTION)).toEqual([]);
  });

  it('answers the AI search from an item found by meaning alone', async () => {
    const meaning = await createItem(owner, accountId, BY_MEANING);
    await lore.jobs.runUntilIdle();
    const answer = await readEventStream(owner, '/api/aiKnowledgeSearch', { accountId, query: QUESTION });
    expect(answer.status).toBe(200);
    const update = answer.events.find((event) => event.event === 'update');
    expect(update!.data.items).toMatchObject([{ knowledgeId: meaning.id, heading: '' }]);
  });
});

describe('with no embeddings model', () => {
  const plain = useTestServer();

  it('queues no embedding, stores no vector, and ranks by words exactly as before', async () => {
    expect(plain.deps.embedder).toBeUndefined();
    expect(createEmbedder({ AI_BASE_URL: standIn.baseUrl })).toBeUndefined();
    const account = await plain.account();
    const item = await createItem(account.owner, account.id, {
      title: 'Holiday backups',
      content: '<p>Copies of the holiday plans are kept.</p>',
    });
    await createItem(account.owner, account.id, BY_MEANING);
    expect(await plain.db.selectFrom('jobs').select('key').where('kind', '=', EMBED_ITEM).execute()).toEqual([]);
    await plain.jobs.runUntilIdle();
    expect(await plain.db.selectFrom('search_vectors').select('passage_id').execute()).toEqual([]);
    expect(await embedStaleItemsLater(plain.db, plain.deps.embedder)).toBe(0);

    const hits = await retrieve(plain.db, account.id, QUESTION, { embedder: plain.deps.embedder, limit: 10 });
    const byWords = await rankByWords(plain.db, account.id, withVariants(analyzeQuery(QUESTION)));
    expect(hits).toEqual(await withPassageText(plain.db, await withPassages(plain.db, byWords.slice(0, 10))));
    expect(hits.map((hit) => hit.knowledge_id)).toEqual([item.id]);
  });
});
