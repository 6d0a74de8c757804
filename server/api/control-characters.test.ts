import { beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../test/knowledge-factory';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// The same on both databases (input validation, before any query): npm test runs it on PGlite only.

const lore = useTestServer();
let owner: SignedInClient;
let accountId: string;

beforeAll(async () => {
  ({ id: accountId, owner } = await lore.account());
});

/** NUL breaks PostgreSQL text; the others are invisible, or break lines in mail and logs. */
const controls = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
];
const knowledgePath = () => `/api/accounts/${accountId}/knowledge`;
const refused = (message: string) => ({ error: message, code: 'invalid_input' });

describe('control characters in input', () => {
  it.each(controls)('refuses %s in names and titles with the field', async (_, c) => {
    const item = await createItem(owner, accountId, { title: 'Plain title' });
    const answers = await Promise.all([
      owner.post('/api/accounts', { name: `Team${c}` }),
      owner.patch(`/api/accounts/${accountId}`, { name: `Team${c}` }),
      owner.patch('/api/me/profile', { full_name: `Ada${c}Lovelace` }),
      owner.post(knowledgePath(), { title: `Title${c}` }),
      owner.patch(`${knowledgePath()}/${item.id}`, { title: `Title${c}` }),
      owner.post(knowledgePath(), { title: 'Tagged', tags: [`tag${c}`] }),
    ]);
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [400, refused('Account name cannot contain control characters')],
      [400, refused('Account name cannot contain control characters')],
      [400, refused('Full name cannot contain control characters')],
      [400, refused('Title cannot contain control characters')],
      [400, refused('Title cannot contain control characters')],
      [400, refused('Tags cannot contain control characters')],
    ]);
  });

  it('refuses a single-line field with a tab or a line break', async () => {
    for (const c of ['\t', '\n', '\r']) {
      const answer = await owner.post(knowledgePath(), { title: `Two${c}lines` });
      expect([answer.status, answer.body]).toEqual([400, refused('Title cannot contain control characters')]);
    }
  });

  it.each(controls)('answers a search with %s with 400', async (_, c) => {
    const search = await owner.get(`${knowledgePath()}?search=${encodeURIComponent(`deploy${c}guide`)}`);
    expect([search.status, search.body]).toEqual([400, refused('The search text cannot contain control characters')]);
    const tag = await owner.get(`${knowledgePath()}?tag=${encodeURIComponent(`ops${c}`)}`);
    expect([tag.status, tag.body]).toEqual([400, refused('Tags cannot contain control characters')]);
    const question = await owner.post('/api/aiKnowledgeSearch', { accountId, query: `How do I deploy${c}?` });
    expect([question.status, question.body]).toEqual([400, refused('The question cannot contain control characters')]);
  });

  it('still searches with whitespace a person may paste: tabs and line breaks', async () => {
    const search = await owner.get(`${knowledgePath()}?search=${encodeURIComponent('deploy\tguide\r\nops')}`);
    expect(search.status).toBe(200);
  });

  it('refuses them in invitation tokens and e-mail addresses', async () => {
    const answers = await Promise.all([
      owner.get(`/api/invitations?token=${encodeURIComponent('abc\u0000def')}`),
      owner.post('/api/acceptInvitation', { userId: owner.userId, token: 'abc\u0000def' }),
      owner.post('/api/declineInvitation', { token: 'abc\u0000def' }),
      owner.post('/api/inviteUser', { email: 'new\u0000@example.com', accountId, role: 'member' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(answers[3]!.body).toEqual(refused('Please enter a valid email address'));
  });

  it('drops them from article content, keeping tabs and line breaks', async () => {
    // The editor never writes them; they come from pasted or scripted text and mean nothing in HTML.
    const created = await owner.post(knowledgePath(), {
      title: 'Pasted',
      content: '<p>one\u0000two\u0001three\u007f</p><pre>a\tb\r\nc</pre>',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.content).toBe('<p>onetwothree</p><pre>a\tb\r\nc</pre>');
    const edited = await owner.patch(`${knowledgePath()}/${created.body.data.id}`, { content: '<p>x\u0000y</p>' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.content).toBe('<p>xy</p>');
  });
});
