import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../common/api/client';
import { listKnowledge } from '../../common/api/knowledge';
import { SEARCH_MAX_LENGTH } from '../../common/knowledge';
import { apiAs } from '../test/api';
import { createItem } from '../test/knowledge-factory';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { accountKey } from '../data/search-index';
import { indexStaleItems } from './index-item';
import { retrieve } from './retrieve';

const lore = useTestServer();
let owner: SignedInClient;
let accountId: string;

beforeEach(async () => {
  const account = await lore.account();
  [accountId, owner] = [account.id, account.owner];
});

type Query = ApiInput<typeof listKnowledge>['query'];
/** One page of the list as `client` gets it. */
const page = (query: Query, client = owner, account = accountId) =>
  apiAs(client)(listKnowledge, { params: { accountId: account }, query }).then((answer) => answer.data);
const titles = async (search: string, query: Query = {}) =>
  (await page({ ...query, search })).items.map((i) => i.title);
/** Creates an item and waits until it is indexed (decision 45): some tests read the index's tables themselves. */
const add = async (title: string, content = '', tags: string[] = []) => {
  const item = await createItem(owner, accountId, { title, content, tags });
  await lore.indexed();
  return item;
};

describe('keyword search order', () => {
  it('ranks a title match above a tag match above a mention in the text, and newest first on request', async () => {
    // Written best match first, so newest first is the reverse.
    await add('VPN', '<p>Connect before working remotely.</p>');
    await add('Laptop setup', '<p>Install the tools.</p>', ['vpn']);
    await add('Office plants', '<p>Water the vpn router fern.</p>');
    await add('Lunch menu', '<p>Soup.</p>');
    expect(await titles('vpn')).toEqual(['VPN', 'Laptop setup', 'Office plants']);
    expect(await titles('vpn', { sort: 'relevance' })).toEqual(['VPN', 'Laptop setup', 'Office plants']);
    expect(await titles('vpn', { sort: 'newest' })).toEqual(['Office plants', 'Laptop setup', 'VPN']);
  });

  it('ranks the list by the same retrieval as the AI search', async () => {
    await add('Onboarding', '<h2>Laptop</h2><p>Order a laptop and a badge on your first day.</p>');
    await add(
      'Hardware budget',
      `<p>Every laptop is paid from the hardware budget. ${'Budget lines. '.repeat(30)}</p>`,
    );
    await add('Laptop returns', '<p>Return your laptop to the office when you leave.</p>');
    const inList = await titles('laptop');
    await lore.indexed();
    const inAiSearch = await retrieve(lore.db, accountId, 'laptop');
    const byId = new Map(
      (await lore.db.selectFrom('knowledge').select(['id', 'title']).execute()).map((r) => [r.id, r.title]),
    );
    expect(inList).toHaveLength(3);
    expect(inAiSearch.map((hit) => byId.get(hit.knowledge_id))).toEqual(inList);
  });

  it('ranks items with more of the words in their titles higher', async () => {
    await add('Password rules', '<p>How to reset them is elsewhere.</p>');
    await add('Reset your password', '<p>Open the e-mail.</p>');
    await add('Misc', '<p>A password reset needs a phone.</p>');
    expect(await titles('reset password')).toEqual(['Reset your password', 'Password rules', 'Misc']);
  });

  it('lists newest first without a search, whatever the sort asks', async () => {
    await add('First');
    await add('Second');
    expect((await page({ sort: 'relevance' })).items.map((i) => i.title)).toEqual(['Second', 'First']);
    expect((await page({})).suggestion).toBeNull();
  });

  it('pages 20 at a time in one stable order, in both orders, with the tag filter', async () => {
    for (let i = 0; i < 45; i++) {
      const where = i % 3 === 0 ? 'Deploy' : 'Note';
      await add(`${where} ${i}`, `<p>${i % 3 === 1 ? 'deploy the service' : 'other words'}</p>`, [
        i % 5 === 0 ? 'five' : 'team',
      ]);
    }
    for (const sort of ['relevance', 'newest'] as const) {
      const pages = [];
      for (let n = 0; ; n++) {
        const answer = await page({ search: 'deploy', sort, page: n });
        pages.push(...answer.items.map((item) => item.title));
        if (answer.nextPage === null) break;
        expect(answer.items).toHaveLength(20);
      }
      expect(pages).toHaveLength(30);
      expect(new Set(pages).size).toBe(30);
      if (sort === 'relevance') expect(pages.slice(0, 15).every((title) => title.startsWith('Deploy'))).toBe(true);
      else expect(pages[0]).toBe('Note 43');
    }
    // Title matches first, then text matches; equal scores newest first.
    expect(await titles('deploy', { tag: ['five'] })).toEqual([
      'Deploy 30',
      'Deploy 15',
      'Deploy 0',
      'Note 40',
      'Note 25',
      'Note 10',
    ]);
  });
});

describe('keyword search at scale', () => {
  it("orders one word the same read from the index's best postings as scored in full, page after page", async () => {
    // Titles, tags and bodies of varied lengths, and equal scores, across three pages.
    for (let i = 0; i < 50; i++) {
      const title = i % 4 === 0 ? `Release ${i}` : `Note ${i}`;
      const body = i % 3 === 0 ? `<p>${'release notes '.repeat(1 + (i % 7))}</p>` : '<p>other words</p>';
      await add(title, body, i % 5 === 0 ? ['release'] : ['team']);
    }
    // "-zzzz" leaves nothing out, but takes the path that scores every matching item ("releas" is completed).
    for (const search of ['release', 'releas']) {
      const fast: string[] = [];
      const full: string[] = [];
      for (let n = 0; n < 3; n++) {
        fast.push(...(await page({ search, page: n })).items.map((item) => item.title));
        full.push(...(await page({ search: `-zzzz ${search}`, page: n })).items.map((item) => item.title));
      }
      expect(fast.length).toBeGreaterThan(20);
      expect(fast).toEqual(full);
    }
    expect(await titles('release', { tag: ['release'] })).toEqual(
      (await titles('-zzzz release', { tag: ['release'] })).slice(0, 20),
    );
  });
});

describe('keyword search words', () => {
  it('does not require words like "how", "do", "I"', async () => {
    await add('Resetting a password', '<p>Use the self-service page.</p>');
    expect(await titles('How do I reset my password?')).toEqual(['Resetting a password']);
  });

  it('finds items through titles and tags by stop words alone, or a tag typed as a word', async () => {
    await add('Laptop policy', '<p>Ask for a laptop.</p>', ['it']);
    await add('Printer', '<p>It jams, and it is old.</p>', ['it', 'office']);
    await add('How to file expenses', '<p>Receipts.</p>');
    await add('Canteen', '<p>It opens at noon.</p>');
    expect((await titles('IT')).sort()).toEqual(['Laptop policy', 'Printer']);
    expect((await titles('it')).sort()).toEqual(['Laptop policy', 'Printer']);
    expect(await titles('how to')).toEqual(['How to file expenses']);
    // With a meaningful word, the stop word is not required but still counts.
    expect(await titles('IT laptop')).toEqual(['Laptop policy']);
  });

  it('matches the last word as the start of a word while typing', async () => {
    await add('Password rules', '<p>Twelve characters.</p>');
    await add('Passport renewal', '<p>Bring photos.</p>');
    await add('Lunch', '<p>Soup.</p>');
    expect(await titles('passw')).toEqual(['Password rules']);
    expect((await titles('pass')).sort()).toEqual(['Passport renewal', 'Password rules']);
    expect(await titles('twelve charac')).toEqual(['Password rules']);
    // Only the last word: an unfinished word before it is not completed.
    expect(await titles('passw rules')).toEqual([]);
  });

  it('folds accents both ways', async () => {
    await add('Émigré stories', '<p>Café culture in Zürich.</p>');
    expect(await titles('emigre')).toEqual(['Émigré stories']);
    expect(await titles('ZURICH cafe')).toEqual(['Émigré stories']);
    await add('Resume tips', '<p>Keep it short.</p>');
    expect(await titles('résumé')).toEqual(['Resume tips']);
  });

  it('finds Chinese and Japanese by any part of two or more characters', async () => {
    await add('部署指南', '<p>本番環境へのデプロイ手順。</p>');
    await add('会議室', '<p>予約してください。</p>');
    expect(await titles('部署')).toEqual(['部署指南']);
    expect(await titles('署指')).toEqual(['部署指南']);
    expect(await titles('環境への')).toEqual(['部署指南']);
    expect(await titles('デプロイ')).toEqual(['部署指南']);
    expect(await titles('部会')).toEqual([]);
  });

  it('finds identifiers whole and by their parts', async () => {
    await add('Backups', '<p>Run pg_dump nightly.</p>');
    await add('Config', '<p>Set foo_bar_baz in the file.</p>');
    await add('Dumps', '<p>The pg tool can dump.</p>');
    // The identifier whole first, then an item with its parts (ranked as the AI search ranks).
    expect(await titles('pg_dump')).toEqual(['Backups', 'Dumps']);
    expect(await titles('pg_dump', { sort: 'newest' })).toEqual(['Backups']);
    expect((await titles('dump')).sort()).toEqual(['Backups', 'Dumps']);
    expect(await titles('foo_bar_baz')).toEqual(['Config']);
    expect(await titles('bar')).toEqual(['Config']);
    expect(await titles('foo_ba')).toEqual(['Config']);
  });

  it('leaves out -word, and takes either of "a or b"', async () => {
    await add('Kubernetes rollout', '<p>Drain nodes.</p>');
    await add('Nomad rollout', '<p>Drain allocations.</p>');
    await add('Rollback', '<p>Undo it.</p>');
    expect(await titles('rollout -kubernetes')).toEqual(['Nomad rollout']);
    expect((await titles('kubernetes or nomad')).sort()).toEqual(['Kubernetes rollout', 'Nomad rollout']);
    expect((await titles('-nomad')).sort()).toEqual(['Kubernetes rollout', 'Rollback']);
    // A hyphen inside a word is not a minus.
    expect(await titles('roll-back')).toEqual([]);
  });

  it('follows edits and deletions', async () => {
    const item = await add('Kubernetes upgrade', '<p>Drain the nodes.</p>');
    expect(await titles('kubernetes')).toEqual(['Kubernetes upgrade']);
    await owner.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, { title: 'Cluster upgrade' });
    expect(await titles('kubernetes')).toEqual([]);
    expect(await titles('kubern')).toEqual([]);
    expect(await titles('cluster')).toEqual(['Cluster upgrade']);
    await owner.delete(`/api/accounts/${accountId}/knowledge/${item.id}`);
    expect(await titles('cluster')).toEqual([]);
    expect((await page({ search: 'clustr' })).suggestion).toBeNull();
  });
});

describe('did you mean', () => {
  it('suggests the closest workspace words for misspelt ones, keeping the rest as typed', async () => {
    await add('Password reset', '<p>Use the deployment portal.</p>');
    await add('Deployment checklist', '<p>Tag the release.</p>');
    const answer = await page({ search: 'Pasword deploymnet', exact: 'true' });
    expect(answer.items).toEqual([]);
    expect(answer.suggestion).toBe('Password deployment');
    expect(await titles(answer.suggestion!)).toEqual(['Password reset', 'Deployment checklist']);
    expect((await page({ search: 'how do I reset my pasword', exact: 'true' })).suggestion).toBe(
      'how do I reset my password',
    );
    expect((await page({ search: 'teh checklist', exact: 'true' })).suggestion).toBeNull();
  });

  it('shows the items of the nearest workspace words when the words as typed find none, and says so', async () => {
    await add('Password reset', '<p>Use the deployment portal.</p>');
    await add('Deployment checklist', '<p>Tag the release.</p>');
    const corrected = await page({ search: 'Pasword deploymnet' });
    expect(corrected.correctedSearch).toBe('Password deployment');
    expect(corrected.suggestion).toBeNull();
    // The item with both words first, as the AI search ranks them.
    expect(corrected.items.map((item) => item.title)).toEqual(['Password reset', 'Deployment checklist']);
    // The words as typed on request: nothing, and the spelling offered.
    const exact = await page({ search: 'Pasword deploymnet', exact: 'true' });
    expect(exact.items).toEqual([]);
    expect(exact.correctedSearch).toBeNull();
    expect(exact.suggestion).toBe('Password deployment');
    // Found as typed: nothing is corrected; nothing near: nothing shown.
    expect((await page({ search: 'deployment' })).correctedSearch).toBeNull();
    expect(await page({ search: 'xylophone' })).toMatchObject({ items: [], correctedSearch: null });
    // Another workspace's words are never near.
    const other = await lore.account();
    expect((await page({ search: 'pasword' }, other.owner, other.id)).correctedSearch).toBeNull();
  });

  it('uses real words, not stems, and the most used of equally close words', async () => {
    await add('Notes on caching', '<p>Caching layers.</p>');
    expect((await page({ search: 'cachign', exact: 'true' })).suggestion).toBe('caching');
    await add('Label printer', '<p>Thermal.</p>');
    await add('Label sizes', '<p>Small.</p>');
    await add('Table booking', '<p>Lunch.</p>');
    // "label" and "table" are both one edit from "lable"; more items use "label".
    expect((await page({ search: 'lable', exact: 'true' })).suggestion).toBe('label');
  });

  it('stays quiet for known words, words being typed, stop words and words too far off', async () => {
    await add('Kubernetes upgrade', '<p>Deploying with helm.</p>');
    for (const search of ['deploys', 'kube', 'the helm', 'xylophone', 'helm -kubernetes']) {
      expect((await page({ search, exact: 'true' })).suggestion, search).toBeNull();
    }
    // "kubernets" shares its stem with "kubernetes", so it finds the item and needs no correction.
    expect((await page({ search: 'kubernets' })).items).toHaveLength(1);
    expect((await page({ search: 'kubernets', exact: 'true' })).suggestion).toBeNull();
    expect((await page({ search: 'kubernetes upgarde', page: 1, exact: 'true' })).suggestion).toBeNull();
    expect((await page({ search: 'kubernetes upgarde', exact: 'true' })).suggestion).toBe('kubernetes upgrade');
  });

  it("never suggests another workspace's words", async () => {
    const other = await lore.account();
    await createItem(other.owner, other.id, { title: 'Confidential merger', content: '<p>Project Falcon.</p>' });
    await add('Lunch', '<p>Soup.</p>');
    expect((await page({ search: 'confidental', exact: 'true' })).suggestion).toBeNull();
    expect((await page({ search: 'confidental', exact: 'true' }, other.owner, other.id)).suggestion).toBe(
      'confidential',
    );
  });
});

describe('keyword search access and input', () => {
  it('never shows or completes from another workspace', async () => {
    const other = await lore.account();
    await createItem(other.owner, other.id, {
      title: 'Secret roadmap',
      content: '<p>Launch in May.</p>',
      tags: ['it'],
    });
    await add('Public roadmap', '<p>Later.</p>');
    expect(await titles('secret')).toEqual([]);
    expect(await titles('secr')).toEqual([]);
    expect(await titles('it')).toEqual([]);
    expect(await titles('roadmap')).toEqual(['Public roadmap']);
  });

  it('answers 401 to anonymous callers and 404 to non-members', async () => {
    const path = `/api/accounts/${accountId}/knowledge?search=roadmap&sort=newest`;
    expect((await lore.anonymous().get(path)).status).toBe(401);
    const stranger = await lore.user();
    const refused = await stranger.get(path);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Account not found');
  });

  it('refuses a bad sort and a search over the limit', async () => {
    const bad = await owner.get(`/api/accounts/${accountId}/knowledge?search=x&sort=oldest`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Sort must be relevance or newest');
    const long = await owner.get(`/api/accounts/${accountId}/knowledge?search=${'a'.repeat(SEARCH_MAX_LENGTH + 1)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('The search text is too long');
    const padded = ` ${'a'.repeat(SEARCH_MAX_LENGTH)} `;
    expect((await page({ search: padded })).items).toEqual([]);
  });

  it('treats a search of punctuation as matching nothing', async () => {
    await add('Anything');
    expect(await titles('!!! ???')).toEqual([]);
  });
});

describe('the words offered', () => {
  /** The workspace's key in the search statistics, read while it exists (its rows are counted after it went, too). */
  const keyOf = async (account: string) =>
    (await lore.db.selectFrom('accounts').select('search_key').where('id', '=', account).executeTakeFirstOrThrow())
      .search_key;
  const termRows = async (key: number) =>
    (
      await sql<{ terms: number; offering: number }>`
        SELECT count(*)::int AS terms, (count(*) FILTER (WHERE written OR forms IS NOT NULL))::int AS offering
        FROM search_term_counts WHERE account_key = ${key}`.execute(lore.db)
    ).rows[0]!;
  /** A term's row: is it written as a word, its other forms, and the transaction that last wrote it (xmin). */
  const termRow = async (term: string) =>
    (
      await sql<{ written: boolean; forms: string | null; xmin: string }>`
        SELECT written, forms, xmin::text FROM search_term_counts
        WHERE account_key = ${accountKey(accountId)} AND term = ${term}`.execute(lore.db)
    ).rows[0];
  const suggestion = async (search: string) => (await page({ search, exact: 'true' })).suggestion;

  it('keeps a word written otherwise on its term, offered while an item holds that term', async () => {
    const first = await add('Gardening', '<p>Gardening gardening tomatoes.</p>');
    const second = await add('Tomatoes', '<p>Red.</p>');
    expect(await termRow('garden')).toMatchObject({ written: false, forms: 'gardening' });
    expect(await termRow('tomato')).toMatchObject({ written: false, forms: 'tomatoes' });
    expect(await suggestion('gardenign')).toBe('gardening');
    expect(await titles('garde')).toEqual(['Gardening']);

    await owner.delete(`/api/accounts/${accountId}/knowledge/${first.id}`);
    await lore.indexed();
    // No item holds its term: the row goes with its words, which are neither a correction nor a completion.
    expect(await termRow('garden')).toBeUndefined();
    expect(await suggestion('gardenign')).toBeNull();
    expect(await titles('garde')).toEqual([]);
    expect(await suggestion('tomtoes')).toBe('tomatoes');
    await owner.delete(`/api/accounts/${accountId}/knowledge/${second.id}`);
    await lore.indexed();
    expect((await termRows(await keyOf(accountId))).terms).toBe(0);
  });

  it('keeps a word written as its term as a mark on the term, offered while an item writes it', async () => {
    const item = await add('Python cluster', '<p>A python cluster.</p>');
    expect(await termRow('python')).toMatchObject({ written: true, forms: null });
    expect(await suggestion('pyhton')).toBe('python');
    expect(await titles('pyth')).toEqual(['Python cluster']);

    await owner.delete(`/api/accounts/${accountId}/knowledge/${item.id}`);
    expect(await suggestion('pyhton')).toBeNull();
    expect(await titles('pyth')).toEqual([]);
  });

  it('adds each form once, and rewrites no row whose counts and words stay', async () => {
    const item = await add('Backups', '<p>Nightly backups of the database.</p>');
    await add('Restores', '<p>Nightly restores of the database, backed up.</p>');
    expect(await termRow('backup')).toMatchObject({ forms: 'backups' });
    const before = { night: await termRow('night'), databas: await termRow('databas') };
    expect(before.night).toMatchObject({ forms: 'nightly' });

    // The same terms in the same places; "databases" is a form new to its term.
    await owner.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, {
      content: '<p>Nightly backups of the databases.</p>',
    });
    await lore.indexed();
    expect(await termRow('night')).toEqual(before.night);
    expect(await termRow('databas')).toMatchObject({ forms: 'database databases' });
    expect((await termRow('databas'))!.xmin).not.toBe(before.databas!.xmin);
    expect(await titles('databases')).toEqual(['Backups', 'Restores']);
    expect(await suggestion('databasse')).toBe('database');
  });

  it('goes with its account', async () => {
    const other = await lore.account();
    await createItem(other.owner, other.id, { title: 'Doomed workspace', content: '<p>Everything here goes.</p>' });
    await lore.indexed();
    const key = await keyOf(other.id);
    expect((await termRows(key)).offering).toBeGreaterThan(0);
    await lore.db.deleteFrom('accounts').where('id', '=', other.id).execute();
    expect(await termRows(key)).toEqual({ terms: 0, offering: 0 });
  });

  it('is rebuilt for items indexed before it existed', async () => {
    await add('Onboarding checklist', '<p>Laptop, badge, accounts.</p>');
    await sql`UPDATE search_term_counts SET written = false, forms = NULL WHERE account_key = ${accountKey(accountId)}`.execute(
      lore.db,
    );
    expect(await titles('onboar')).toEqual([]);
    await lore.db.updateTable('knowledge').set({ search_version: 0 }).where('account_id', '=', accountId).execute();
    await indexStaleItems(lore.db);
    expect(await titles('onboar')).toEqual(['Onboarding checklist']);
    expect((await page({ search: 'onbaording', exact: 'true' })).suggestion).toBe('onboarding');
  });
});

describe('both search boxes', () => {
  /** The titles the list's box and the AI search find for a search, each in its own order. */
  const both = async (search: string) => {
    await lore.indexed();
    const byId = new Map(
      (await lore.db.selectFrom('knowledge').select(['id', 'title']).execute()).map((row) => [row.id, row.title]),
    );
    const inAiSearch = (await retrieve(lore.db, accountId, search)).map((hit) => byId.get(hit.knowledge_id));
    return { list: await titles(search), ai: inAiSearch };
  };

  it('find ß written as ss, and ä, ö, ü written as ae, oe, ue, and the other way round', async () => {
    await add('Anfahrt', '<p>Das Büro liegt in der Hauptstraße 5, bei Frau Müller.</p>');
    await add('Kantine', '<p>Mittagessen ab zwölf.</p>');
    for (const search of ['hauptstrasse', 'Hauptstraße', 'mueller', 'Müller', 'buero']) {
      expect(await both(search)).toEqual({ list: ['Anfahrt'], ai: ['Anfahrt'] });
    }
  });

  it('find a CamelCase identifier by its parts written apart, and whole', async () => {
    await add('DOM helpers', '<p>Call getElementById before you attach the listener.</p>');
    await add('HTTP notes', '<p>The HttpServer class answers requests.</p>');
    expect(await both('element by id')).toEqual({ list: ['DOM helpers'], ai: ['DOM helpers'] });
    expect(await both('getElementById')).toEqual({ list: ['DOM helpers'], ai: ['DOM helpers'] });
    expect((await both('http server')).list).toEqual(['HTTP notes']);
  });

  it('find a single Chinese or Japanese character', async () => {
    await add('部署指南', '<p>本番環境への手順。</p>');
    await add('会議メモ', '<p>来週の予定。</p>');
    expect(await both('署')).toEqual({ list: ['部署指南'], ai: ['部署指南'] });
    expect(await both('予')).toEqual({ list: ['会議メモ'], ai: ['会議メモ'] });
  });

  it('rank a search of several words alike: by relevance an item need not hold them all, newest first it must', async () => {
    await add('Reset your password', '<p>Open the reset link in the e-mail.</p>');
    await add('Password rules', '<p>Twelve characters.</p>');
    await add('Lunch', '<p>Soup.</p>');
    const { list, ai } = await both('how do I reset my password');
    expect(list).toEqual(['Reset your password', 'Password rules']);
    expect(ai).toEqual(list);
    expect(await titles('reset password', { sort: 'newest' })).toEqual(['Reset your password']);
    // Left out is left out in both orders.
    expect(await titles('password -reset')).toEqual(['Password rules']);
  });

  it('count a match written another way for less than one written as asked', async () => {
    await add('Mueller report', '<p>Quarterly numbers.</p>');
    await add('Müller report', '<p>Quarterly numbers.</p>');
    expect((await both('mueller')).ai).toEqual(['Mueller report', 'Müller report']);
  });
});
