import { beforeEach, describe, expect, it } from 'vitest';
import { listExampleQuestions } from '../../../common/api/ai-search';
import { apiAs } from '../../test/api';
import { createItem } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let owner: SignedInClient;
let member: SignedInClient;
let outsider: SignedInClient;
let accountId: string;
let otherAccountId: string;
const path = (account = accountId, query = '') => `/api/accounts/${account}/example-questions${query}`;

// Each test has its own Team (an owner and a member) and an outsider's Elsewhere.
beforeEach(async () => {
  const team = await lore.account({ name: 'Team', roles: ['member'] });
  const elsewhere = await lore.account({ name: 'Elsewhere' });
  [owner, [member], accountId, outsider, otherAccountId] = [
    team.owner,
    team.members,
    team.id,
    elsewhere.owner,
    elsewhere.id,
  ];
});

/** An item of the account whose question is set as given (null: none), once its index has written its own. */
async function itemAsking(client: SignedInClient, account: string, question: string | null) {
  const item = await createItem(client, account, { title: `Item ${crypto.randomUUID()}`, content: '<p>Text.</p>' });
  await lore.indexed();
  await lore.db.updateTable('knowledge').set({ ai_question: question }).where('id', '=', item.id).execute();
  return item;
}

describe('example questions', () => {
  it('gives a member the questions that are set and not empty, each once', async () => {
    for (const question of ['How do I deploy?', 'Who approves expenses?', 'How do I deploy?', null, '', '   '])
      await itemAsking(owner, accountId, question);
    const { data } = await apiAs(member)(listExampleQuestions, { params: { accountId }, query: {} });
    expect(data.sort()).toEqual(['How do I deploy?', 'Who approves expenses?']);
  });

  it('answers at most twice the count asked for, six by default', async () => {
    for (let i = 0; i < 14; i++) await itemAsking(owner, accountId, `Question ${i}?`);
    const call = apiAs(member);
    expect((await call(listExampleQuestions, { params: { accountId }, query: { count: 2 } })).data).toHaveLength(4);
    const all = (await call(listExampleQuestions, { params: { accountId }, query: {} })).data;
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);
    expect(all.every((question) => /^Question \d+\?$/.test(question))).toBe(true);
  });

  it('varies them: authors take turns, and a series of items gives one question at most', async () => {
    for (let i = 0; i < 10; i++) {
      const item = await createItem(owner, accountId, { title: `Meeting notes ${i + 1}`, content: '<p>Notes.</p>' });
      await lore.indexed();
      await lore.db
        .updateTable('knowledge')
        .set({ ai_question: `What was decided in meeting ${i + 1}?` })
        .where('id', '=', item.id)
        .execute();
    }
    for (const question of ['How do I deploy?', 'Who approves expenses?'])
      await itemAsking(member, accountId, question);
    const { data } = await apiAs(member)(listExampleQuestions, { params: { accountId }, query: { count: 2 } });
    expect(data.filter((question) => question.startsWith('What was decided'))).toHaveLength(1);
    expect(data).toEqual(expect.arrayContaining(['How do I deploy?', 'Who approves expenses?']));
  });

  it('lists the question a saved item gets with its index (no model: decision 51)', async () => {
    await createItem(owner, accountId, {
      title: 'Reset your password',
      content: '<p>Open Settings, then Security.</p>',
    });
    await lore.indexed();
    expect((await member.get(path())).body.data).toEqual(['How do I reset my password?']);
  });

  it('never shows another workspace’s questions', async () => {
    await itemAsking(owner, accountId, 'What is our secret plan?');
    await itemAsking(outsider, otherAccountId, 'Where is the office?');
    expect((await outsider.get(path(otherAccountId))).body.data).toEqual(['Where is the office?']);
    expect((await owner.get(path())).body.data).toEqual(['What is our secret plan?']);
  });

  it('answers 401 to anonymous callers, 404 to non-members, 400 to a bad count', async () => {
    await itemAsking(owner, accountId, 'What is our secret plan?');
    expect((await lore.anonymous().get(path())).status).toBe(401);
    const stranger = await outsider.get(path());
    expect([stranger.status, stranger.body.error]).toEqual([404, 'Account not found']);
    for (const [query, message] of [
      ['?count=0', 'Count must be at least 1'],
      ['?count=2.5', 'Count must be a whole number'],
      ['?count=51', 'Count must be at most 50'],
      ['?count=many', 'Count must be a number'],
    ]) {
      const response = await member.get(path(accountId, query));
      expect([response.status, response.body.error]).toEqual([400, message]);
    }
  });
});
