import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describableItem, describeExtractively } from '../ai/describe';
import { createItem } from '../test/knowledge-factory';
import { startModelStandIn, type ModelStandIn } from '../test/model-stand-in';
import { startTestServer, type SignedInClient, type TestServer } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { enqueueJob } from '../data/jobs';
import { DESCRIBE_ITEM } from './describe-item';
import { READ_PDF } from './read-pdf';

const deployHtml =
  '<p>Every merge to main runs the pipeline. Never skip the checks, even for a one-line change.</p>' +
  '<h2>Rolling back</h2><p>Revert the merge and the pipeline deploys the previous version within ten minutes. ' +
  'If the database changed, ask the on-call engineer first, because migrations only run forward. ' +
  'Each deploy is announced in the releases channel with a link to its changes.</p>';
const deploySummary =
  'Every merge to main runs the pipeline. Never skip the checks, even for a one-line change. ' +
  'Revert the merge and the pipeline deploys the previous version within ten minutes. ' +
  'If the database changed, ask the on-call engineer first, because migrations only run forward.';
/** Text longer than a summary, beginning with `first`. */
const longText = (first: string) =>
  `<p>${first}</p><p>${'The rest of the article explains the details, one step at a time. '.repeat(6)}</p>`;

describe("an item's description with no model: written with its index (decision 51)", () => {
  const lore = useTestServer();
  let owner: SignedInClient;
  let accountId: string;
  const itemPath = (id: string) => `/api/accounts/${accountId}/knowledge/${id}`;
  const describeJobs = () => lore.db.selectFrom('jobs').select(['key']).where('kind', '=', DESCRIBE_ITEM).execute();

  beforeEach(async () => {
    const team = await lore.account();
    [owner, accountId] = [team.owner, team.id];
  });

  it('fills in the summary and question of a new item once it is indexed, leaving its updated date alone, with no job', async () => {
    const item = await createItem(owner, accountId, { title: 'How we deploy', content: deployHtml });
    expect(item).toMatchObject({ ai_summary: null, ai_question: null });
    await lore.indexed();

    const read = (await owner.get(itemPath(item.id))).body.data;
    expect(read).toMatchObject({
      ai_summary: deploySummary,
      ai_question: 'How do we deploy?',
      updated_at: item.updated_at,
    });
    expect(await describeJobs()).toEqual([]);
  });

  it('describes the latest version of an item saved twice before it was indexed', async () => {
    const item = await createItem(owner, accountId, { title: 'Draft', content: longText('First words.') });
    await owner.patch(itemPath(item.id), { title: 'Reset your password', content: longText('Open Settings.') });
    await owner.patch(itemPath(item.id), { content: longText('Open Settings, then Security.') });

    await lore.indexed();
    const read = (await owner.get(itemPath(item.id))).body.data;
    expect(read.ai_summary).toMatch(/^Open Settings, then Security\. The rest/);
    expect(read.ai_question).toBe('How do I reset my password?');
  });

  it('describes an edited item again', async () => {
    const item = await createItem(owner, accountId, { title: 'Wi-Fi', content: longText('It is on the wall.') });
    await lore.indexed();
    expect((await owner.get(itemPath(item.id))).body.data.ai_summary).toMatch(/^It is on the wall\./);
    await owner.patch(itemPath(item.id), { content: longText('Ask the front desk.') });
    await lore.indexed();
    expect((await owner.get(itemPath(item.id))).body.data.ai_summary).toMatch(/^Ask the front desk\./);
    expect(await describeJobs()).toEqual([]);
  });

  it('gives a short item its own first sentences as its summary, which its card appends (R16)', async () => {
    const item = await createItem(owner, accountId, { title: 'Printer', content: '<p>It is on the third floor.</p>' });
    await lore.indexed();
    expect((await owner.get(itemPath(item.id))).body.data).toMatchObject({
      ai_summary: 'It is on the third floor.',
      ai_question: 'What should I know about Printer?',
    });
  });

  it("summarises an item that is only a PDF from the PDF's text, once the PDF is read", async () => {
    const item = await createItem(owner, accountId, { title: 'Annual report', content: '' });
    const [pdf] = await lore.db
      .insertInto('knowledge_pdfs')
      .values({
        knowledge_id: item.id,
        account_id: accountId,
        pdf_path: `${accountId}/report.pdf`,
        filename: 'report.pdf',
        thumbnail_path: `${accountId}/report.webp`,
        text: 'Revenue grew by a tenth this year.\n\nThe second page lists the costs.',
        read_state: 'ready',
      })
      .returning('id')
      .execute();
    // As the read_pdf job ends for a PDF read already: its item indexed again.
    await enqueueJob(lore.db, { kind: READ_PDF, key: pdf!.id });
    await lore.jobs.runUntilIdle();
    expect((await owner.get(itemPath(item.id))).body.data).toMatchObject({
      ai_summary: 'Revenue grew by a tenth this year. The second page lists the costs.',
      ai_question: 'What is annual report?',
    });
  });

  it('leaves an empty item without a summary or question', async () => {
    const empty = await createItem(owner, accountId, { title: 'Nothing yet', content: '' });
    await lore.indexed();
    expect((await owner.get(itemPath(empty.id))).body.data).toMatchObject({ ai_summary: null, ai_question: null });
  });
});

describe('the describe_item job, with a model configured', () => {
  let standIn: ModelStandIn;
  let lore: TestServer;
  let owner: SignedInClient;
  let accountId: string;

  beforeAll(async () => {
    standIn = await startModelStandIn();
    lore = await startTestServer({ env: { AI_BASE_URL: standIn.baseUrl, AI_MODEL: 'stand-in' } });
  });
  afterAll(async () => {
    await lore.close();
    await standIn.close();
  });
  beforeEach(async () => {
    standIn.behave('ok');
    const team = await lore.account();
    [owner, accountId] = [team.owner, team.id];
  });

  /** The chat requests the stand-in got that carry this item's title. */
  const requestsAbout = (title: string) =>
    standIn.requests.filter((request) => JSON.stringify(request.body).includes(`Title: ${title}`));

  it('asks the model about the item, and describes it extractively when the answer is unreadable', async () => {
    // The stand-in echoes the prompt rather than writing JSON, so its answer cannot be read as a description.
    const item = await createItem(owner, accountId, { title: 'Model deploys', content: deployHtml });
    // The index does not write it: the model's job does.
    await lore.indexed();
    expect((await owner.get(`/api/accounts/${accountId}/knowledge/${item.id}`)).body.data.ai_summary).toBeNull();
    await lore.jobs.runUntilIdle();
    const [request] = requestsAbout('Model deploys');
    expect(request).toMatchObject({ path: '/v1/chat/completions', body: { model: 'stand-in', stream: false } });
    expect(JSON.stringify(request!.body)).toContain('migrations only run forward');
    const read = await owner.get(`/api/accounts/${accountId}/knowledge/${item.id}`);
    const extractive = describeExtractively(describableItem({ title: 'Model deploys', content: deployHtml }));
    expect(read.body.data).toMatchObject({ ai_summary: extractive.summary, ai_question: extractive.question });
  });

  it('describes extractively when the model fails, and does not retry', async () => {
    standIn.behave('fail');
    const item = await createItem(owner, accountId, { title: 'Failing model', content: deployHtml });
    expect(await lore.jobs.runUntilIdle()).toBe(1);
    expect(requestsAbout('Failing model')).toHaveLength(1);
    const read = await owner.get(`/api/accounts/${accountId}/knowledge/${item.id}`);
    expect(read.body.data.ai_summary).toBe(deploySummary);
  });
});
