import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../../common/ai-search';
import { NO_ANSWER } from '../../ai/extractive-answer';
import { readEventStream, type ReceivedEvent } from '../../test/event-stream';
import { createItem } from '../../test/knowledge-factory';
import { startModelStandIn, type ModelStandIn } from '../../test/model-stand-in';
import { startTestServer, type SignedInClient, type TestServer } from '../../test/test-server';

const PATH = '/api/aiKnowledgeSearch';

const names = (events: ReceivedEvent[]) => events.map((event) => event.event);
const texts = (events: ReceivedEvent[]) =>
  events.flatMap((event) => (event.event === 'message' && 'text' in event.data ? [event.data.text as string] : []));
const rawMarkdown = (events: ReceivedEvent[]) =>
  events.find((event) => event.event === 'message' && 'rawMarkdown' in event.data)?.data.rawMarkdown as string;

/** A small handbook: one item answers the holiday question, the others are noise around it. */
async function seedHandbook(owner: SignedInClient, accountId: string) {
  const holidays = await createItem(owner, accountId, {
    title: 'Time off',
    tags: ['hr'],
    content:
      '<h2>Paid holiday</h2><p>Everyone gets 25 days of paid holiday a year. Ask your lead two weeks ahead.</p>' +
      '<h2>Sick leave</h2><p>Tell your lead in the morning.</p>',
  });
  const lunch = await createItem(owner, accountId, { title: 'Lunch', content: '<p>The canteen opens at noon.</p>' });
  return { holidays, lunch };
}

describe('POST /api/aiKnowledgeSearch with the extractive writer', () => {
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

  it('streams start, update, the answer in pieces, the whole Markdown, then done', async () => {
    const { holidays } = await seedHandbook(owner, accountId);
    const answer = await readEventStream(
      owner,
      PATH,
      { accountId, query: 'How many paid holiday days do I get?' },
      { headers: { [REQUEST_ID_HEADER]: 'req-42' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get(REQUEST_ID_HEADER)).toBe('req-42');
    const sequence = names(answer.events);
    expect(sequence.slice(0, 2)).toEqual(['start', 'update']);
    expect(sequence.at(-1)).toBe('done');
    expect(sequence.slice(2, -1).every((name) => name === 'message')).toBe(true);

    const [start, update] = answer.events;
    expect(start!.data.requestId).toBe('req-42');
    expect(start!.data.knowledgeMap['1']).toEqual({
      knowledgeId: holidays.id,
      shortId: holidays.short_id,
      title: 'Time off',
    });
    expect(update!.data.items[0]).toMatchObject({ knowledgeId: holidays.id, heading: 'Paid holiday' });
    expect(update!.data.items[0].passage).toContain('25 days of paid holiday');

    const pieces = texts(answer.events);
    expect(pieces.length).toBeGreaterThan(1);
    expect(rawMarkdown(answer.events)).toBe(pieces.join(''));
    expect(rawMarkdown(answer.events)).toContain('Everyone gets 25 days of paid holiday a year.');
    expect(rawMarkdown(answer.events)).toContain('[1]');
    expect(rawMarkdown(answer.events)).not.toContain('canteen');
  });

  it('says plainly when the items it found do not answer the question', async () => {
    await createItem(owner, accountId, { title: 'Parking', content: '<p>Spaces are on level two.</p>' });
    // "parking" finds the item by title, but no sentence of it is about fees.
    const answer = await readEventStream(owner, PATH, { accountId, query: 'parking fees' });
    expect(rawMarkdown(answer.events)).toContain('Spaces are on level two.');
    const none = await readEventStream(owner, PATH, { accountId, query: 'Parking' });
    expect(names(none.events).at(-1)).toBe('done');
    await createItem(owner, accountId, { title: 'Travel', content: '' });
    const empty = await readEventStream(owner, PATH, { accountId, query: 'travel' });
    expect(rawMarkdown(empty.events)).toBe(NO_ANSWER);
  });

  it('answers from the nearest workspace words for a typo or an unfinished word, 404 only when nothing is near', async () => {
    await createItem(owner, accountId, { title: 'Password reset', content: '<p>Open the self-service page.</p>' });
    for (const query of ['pasword', 'passw']) {
      const answer = await readEventStream(owner, PATH, { accountId, query });
      expect(answer.status, query).toBe(200);
      expect(JSON.stringify(answer.events), query).toContain('Password reset');
      const start = answer.events.find((event) => event.event === 'start')!.data;
      expect(start.correctedQuery, query).toBe('password');
    }
    const far = await readEventStream(owner, PATH, { accountId, query: 'zyxwvut qqqq' });
    expect(far.status).toBe(404);
  });

  it('answers 404 when nothing matches, before any stream', async () => {
    await seedHandbook(owner, accountId);
    const answer = await readEventStream(owner, PATH, { accountId, query: 'quantum chromodynamics' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('No knowledge found matching your query.');
  });

  it('refuses a blank question, a missing account and a question over the limit with 400', async () => {
    const blank = await readEventStream(owner, PATH, { accountId, query: '   ' });
    expect([blank.status, blank.body.error]).toEqual([400, 'Please enter a search query']);
    const noAccount = await readEventStream(owner, PATH, { query: 'holidays' });
    expect([noAccount.status, noAccount.body.error]).toEqual([400, 'No account ID found. Please log in.']);
    const long = await readEventStream(owner, PATH, { accountId, query: 'word '.repeat(200) });
    expect(long.status).toBe(400);
  });

  it('answers 401 to anyone not signed in', async () => {
    const answer = await readEventStream(lore.anonymous(), PATH, { accountId, query: 'holidays' });
    expect([answer.status, answer.body.error]).toEqual([401, 'User not authenticated. Please log in again.']);
  });

  it("answers 403 to a non-member, and never draws on another account's items", async () => {
    await seedHandbook(owner, accountId);
    const stranger = await lore.account();
    const refused = await readEventStream(stranger.owner, PATH, { accountId, query: 'paid holiday' });
    expect(refused.status).toBe(403);
    const own = await readEventStream(stranger.owner, PATH, { accountId: stranger.id, query: 'paid holiday' });
    expect(own.status).toBe(404);
  });

  it('lets every role of the account ask', async () => {
    const team = await lore.account({ roles: ['admin', 'member'] });
    await seedHandbook(team.owner, team.id);
    for (const client of team.members) {
      const answer = await readEventStream(client, PATH, { accountId: team.id, query: 'paid holiday' });
      expect(names(answer.events).at(-1)).toBe('done');
    }
  });
});

describe('POST /api/aiKnowledgeSearch with a model', () => {
  let lore: TestServer;
  let model: ModelStandIn;
  let owner: SignedInClient;
  let accountId: string;

  beforeAll(async () => {
    model = await startModelStandIn({ apiKey: 'sk-secret-key' });
    lore = await startTestServer({
      env: { AI_BASE_URL: model.baseUrl, AI_MODEL: 'stand-in', AI_API_KEY: 'sk-secret-key' },
    });
  });
  afterAll(async () => {
    await lore.close();
    await model.close();
  });
  beforeEach(async () => {
    model.behave('ok');
    const account = await lore.account();
    [accountId, owner] = [account.id, account.owner];
    await seedHandbook(owner, accountId);
  });

  it("passes the model's streamed tokens through, citations kept, the key never sent to the browser", async () => {
    const answer = await readEventStream(owner, PATH, { accountId, query: 'How many paid holiday days?' });
    const pieces = texts(answer.events);
    expect(pieces.length).toBeGreaterThan(3);
    expect(rawMarkdown(answer.events)).toBe(
      'From the workspace: Everyone gets 25 days of paid holiday a year. Ask your lead two weeks ahead. [1]',
    );
    expect(names(answer.events).at(-1)).toBe('done');

    const call = model.requests.findLast((request) => request.path === '/v1/chat/completions')!;
    expect(call.authorization).toBe('Bearer sk-secret-key');
    const prompt = JSON.stringify(call.body);
    expect(prompt).toContain('[1] Time off — Paid holiday');
    expect(prompt).toContain('How many paid holiday days?');
    expect(JSON.stringify(answer.events)).not.toContain('sk-secret-key');
  });

  it('answers extractively when the model fails before its first word', async () => {
    model.behave('fail');
    const answer = await readEventStream(owner, PATH, { accountId, query: 'How many paid holiday days?' });
    expect(names(answer.events).at(-1)).toBe('done');
    expect(rawMarkdown(answer.events)).toContain('Everyone gets 25 days of paid holiday a year.');
    expect(rawMarkdown(answer.events)).toContain('[1]');
  });

  it('ends with an error event when the model fails midway', async () => {
    model.behave('fail-midway');
    const answer = await readEventStream(owner, PATH, { accountId, query: 'How many paid holiday days?' });
    expect(names(answer.events).at(-1)).toBe('error');
    expect(answer.events.at(-1)!.data.message).toBe('The answer could not be completed. Please try again.');
    expect(rawMarkdown(answer.events)).toBeUndefined();
  });

  it('stops the model call when the page cancels', async () => {
    model.behave('stall');
    const cancel = new AbortController();
    await readEventStream(
      owner,
      PATH,
      { accountId, query: 'How many paid holiday days?' },
      { signal: cancel.signal, onEvent: (event) => event.event === 'message' && cancel.abort() },
    );
    await expect.poll(() => model.openStreams(), { timeout: 5000 }).toBe(0);
  });
});
