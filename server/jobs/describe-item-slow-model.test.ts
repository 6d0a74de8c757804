import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describableItem, describeExtractively } from '../ai/describe';
import { readEventStream } from '../test/event-stream';
import { createItem } from '../test/knowledge-factory';
import { startModelStandIn, type ModelStandIn } from '../test/model-stand-in';
import { startTestServer, type TestServer } from '../test/test-server';

// The same on both databases (a slow model): npm test runs it on PGlite only.

const content =
  '<p>Every merge to main runs the pipeline. Never skip the checks, even for a one-line change.</p>' +
  '<h2>Rolling back</h2><p>Revert the merge and the pipeline deploys the previous version within ten minutes. ' +
  'If the database changed, ask the on-call engineer first, because migrations only run forward.</p>';

describe('the describe_item job, with a model far too slow', () => {
  // The description's own time-out, longer than an answer's stall limit, shortened so the test waits for states.
  const writerTimings = { timeoutMs: 4_000, stallMs: 1_000, describeTimeoutMs: 6_000 };
  let standIn: ModelStandIn;
  let lore: TestServer;

  beforeAll(async () => {
    standIn = await startModelStandIn();
    standIn.behave('late'); // holds every answer until the stand-in closes (or the caller gives up)
    lore = await startTestServer({ env: { AI_BASE_URL: standIn.baseUrl, AI_MODEL: 'stand-in' }, writerTimings });
  });
  afterAll(async () => {
    await lore.close();
    await standIn.close();
  });

  it('holds up no save and no search, and ends at its own time-out with the extractive description', async () => {
    const { id: accountId, owner } = await lore.account();
    const item = await createItem(owner, accountId, { title: 'How we deploy', content });
    let described = false;
    const running = lore.jobs.runUntilIdle().then((ran) => {
      described = true;
      return ran;
    });
    // The job is waiting on the model.
    await expect
      .poll(() => standIn.requests.some((request) => JSON.stringify(request.body).includes('Title: How we deploy')))
      .toBe(true);

    const saved = await createItem(owner, accountId, { title: 'Rolling back', content });
    const listed = await owner.get(`/api/accounts/${accountId}/knowledge?search=pipeline`);
    expect(listed.status).toBe(200);
    const answer = await readEventStream(owner, '/api/aiKnowledgeSearch', { accountId, query: 'How do I roll back?' });
    expect(answer.events.at(-1)!.event).toBe('done');
    expect(answer.events.find((event) => event.event === 'notice')!.data.reason).toBe('model_timeout');
    // All three answered while the description was still waiting for the model.
    expect(described).toBe(false);
    expect(saved.id).toBeTruthy();
    // The first description stays held; the second item's may be answered, so the test does not wait for it too.
    standIn.behave('ok');

    expect(await running).toBeGreaterThanOrEqual(1);
    const read = (await owner.get(`/api/accounts/${accountId}/knowledge/${item.id}`)).body.data;
    const extractive = describeExtractively(describableItem({ title: 'How we deploy', content }));
    // The model never answered: the description is the one written without it (an empty summary is stored as none).
    expect(read).toMatchObject({ ai_summary: extractive.summary || null, ai_question: extractive.question });
  });
});
