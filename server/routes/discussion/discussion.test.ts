import { beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, DISCUSSION_MESSAGES, type ThreadDto } from '../../../common/discussion';
import { RATE_LIMITS } from '../../auth/rate-limits';
import { SEND_DIGESTS } from '../../jobs/send-digests';
import { enqueueJob } from '../../data/jobs';
import { createItem } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let accountId: string;
let owner: SignedInClient;
let admin: SignedInClient;
let ana: SignedInClient;
let ben: SignedInClient;
let stranger: SignedInClient;
let item: { id: string; short_id: string };
let secret: { id: string; short_id: string };

const base = () => `/api/accounts/${accountId}`;
const comments = (ref: string) => `${base()}/knowledge/${ref}/comments`;
const mention = (person: SignedInClient, name = 'Person') =>
  `<span data-type="mention" data-id="${person.userId}" data-label="${name}">@${name}</span>`;
const threadOf = (answer: { body: { data: ThreadDto } }) => answer.body.data;
const notificationsOf = async (client: SignedInClient) =>
  (await client.get(`${base()}/notifications`)).body.data as {
    unread: number;
    items: Array<{ id: string; kind: string; thread_id: string | null; read: boolean; excerpt: string | null }>;
  };

// Each test: a workspace of an owner, an admin and two members (Ana, Ben), an open item of Ana's, and a
// restricted collection's item only the owner and admin see.
beforeEach(async () => {
  const account = await lore.account({ name: 'Discussing', roles: ['admin', 'member', 'member'] });
  [accountId, owner, [admin, ana, ben]] = [account.id, account.owner, account.members];
  stranger = (await lore.account()).owner;
  item = await createItem(ana, accountId, { title: 'Rollback runbook', content: '<p>Step one: stop the deploy.</p>' });
  const board = await owner.post(`${base()}/collections`, { name: 'Board', restricted: true });
  secret = await createItem(owner, accountId, {
    title: 'Board minutes',
    content: '<p>Confidential.</p>',
    collectionId: board.body.data.id as string,
  });
});

describe('threads and comments', () => {
  it('starts a thread on the item and on a passage, replies, and lists them with the count', async () => {
    const whole = await ben.post(comments(item.id), { body: '<p>Is this <strong>still</strong> true?</p>' });
    expect(whole.status).toBe(201);
    expect(threadOf(whole)).toMatchObject({ quote: null, detached: false, resolved_at: null });
    expect(threadOf(whole).comments[0]).toMatchObject({
      body: '<p>Is this <strong>still</strong> true?</p>',
      author: { id: ben.userId },
      policies: { edit: true, delete: true },
    });
    const inline = await ben.post(comments(item.short_id), { body: '<p>Which deploy?</p>', quote: 'stop the deploy' });
    expect(threadOf(inline)).toMatchObject({ quote: 'stop the deploy', detached: true });
    const reply = await ana.post(`${base()}/comment-threads/${threadOf(whole).id}/comments`, { body: '<p>Yes.</p>' });
    expect(reply.status).toBe(201);
    expect(threadOf(reply).comments.map((c) => c.body)).toEqual([
      '<p>Is this <strong>still</strong> true?</p>',
      '<p>Yes.</p>',
    ]);

    const listed = await owner.get(comments(item.id));
    expect(listed.status).toBe(200);
    expect(listed.body.data.comment_count).toBe(3);
    expect((listed.body.data.threads as ThreadDto[]).map((t) => t.comments.length)).toEqual([2, 1]);
    // The owner sees Ben's comment may be deleted (by owners and admins), not edited.
    expect((listed.body.data.threads as ThreadDto[])[0]!.comments[0]!.policies).toEqual({ edit: false, delete: true });

    // The count on the list's card and in the article's header; an item without comments says 0.
    const cards = (await owner.get(`${base()}/knowledge`)).body.data.items as Array<{
      id: string;
      comment_count: number;
    }>;
    expect(cards.find((card) => card.id === item.id)?.comment_count).toBe(3);
    expect(cards.find((card) => card.id === secret.id)?.comment_count).toBe(0);
    expect((await owner.get(`${base()}/knowledge/${item.short_id}`)).body.data.comment_count).toBe(3);
    const found = await owner.get(`${base()}/knowledge?search=rollback`);
    expect(found.body.data.items[0]).toMatchObject({ id: item.id, comment_count: 3 });
    await ana.delete(`${base()}/comments/${threadOf(reply).comments[1]!.id}`);
    expect((await owner.get(`${base()}/knowledge/${item.id}`)).body.data.comment_count).toBe(2);
  });

  it('keeps an inline thread attached while its mark is in the item, detached once the text is gone', async () => {
    const inline = threadOf(await ben.post(comments(item.id), { body: '<p>Which?</p>', quote: 'stop the deploy' }));
    const marked = `<p>Step one: <span data-comment-thread="${inline.id}">stop the deploy</span>.</p>`;
    const saved = await ana.patch(`${base()}/knowledge/${item.id}`, { content: marked });
    expect(saved.status).toBe(200);
    expect(saved.body.data.content).toContain(`<span data-comment-thread="${inline.id}">stop the deploy</span>`);
    const attached = (await ben.get(comments(item.id))).body.data.threads as ThreadDto[];
    expect(attached[0]).toMatchObject({ detached: false, quote: 'stop the deploy' });
    await ana.patch(`${base()}/knowledge/${item.id}`, { content: '<p>Step one: wait.</p>' });
    const detached = (await ben.get(comments(item.id))).body.data.threads as ThreadDto[];
    expect(detached[0]).toMatchObject({ detached: true, quote: 'stop the deploy' });
  });

  it('edits only one’s own comment; deletes one’s own, and owners and admins any; a thread goes with its last comment', async () => {
    const thread = threadOf(await ben.post(comments(item.id), { body: '<p>First</p>' }));
    const commentId = thread.comments[0]!.id;
    const path = `${base()}/comments/${commentId}`;
    expect((await ana.patch(path, { body: '<p>Changed</p>' })).status).toBe(403);
    const edited = await ben.patch(path, { body: '<p>Changed</p>' });
    expect(edited.status).toBe(200);
    expect(threadOf(edited).comments[0]).toMatchObject({ body: '<p>Changed</p>' });
    expect(threadOf(edited).comments[0]!.edited_at).not.toBeNull();
    expect((await ana.delete(path)).status).toBe(403);
    expect((await ana.delete(path)).body.error).toBe(DISCUSSION_MESSAGES.deleteOwn);
    expect((await admin.delete(path)).status).toBe(200);
    expect((await owner.get(comments(item.id))).body.data.threads).toEqual([]);

    const own = threadOf(await ben.post(comments(item.id), { body: '<p>Mine</p>' }));
    await ana.post(`${base()}/comment-threads/${own.id}/comments`, { body: '<p>Reply</p>' });
    expect((await ben.delete(`${base()}/comments/${own.comments[0]!.id}`)).status).toBe(200);
    const left = (await owner.get(comments(item.id))).body.data.threads as ThreadDto[];
    expect(left.map((t) => t.comments.map((c) => c.body))).toEqual([['<p>Reply</p>']]);
  });

  it('resolves and reopens a thread, telling whoever started it', async () => {
    const thread = threadOf(await ben.post(comments(item.id), { body: '<p>Fix the typo</p>' }));
    const resolved = await ana.patch(`${base()}/comment-threads/${thread.id}`, { resolved: true });
    expect(resolved.status).toBe(200);
    expect(threadOf(resolved)).toMatchObject({ resolved_by: { id: ana.userId } });
    expect(threadOf(resolved).resolved_at).not.toBeNull();
    expect((await notificationsOf(ben)).items.map((n) => n.kind)).toEqual(['resolved']);
    const reopened = await ben.patch(`${base()}/comment-threads/${thread.id}`, { resolved: false });
    expect(threadOf(reopened)).toMatchObject({ resolved_at: null, resolved_by: null });
  });
});

describe('what is stored', () => {
  it('keeps bold, italic, code, links and mentions, and nothing else', async () => {
    const body =
      '<p onclick="x()"><b>B</b> <em>I</em> <code>c</code> <a href="https://example.com" style="color:red">l</a>' +
      ` <a href="javascript:alert(1)">bad</a><script>alert(1)</script><img src="https://e.com/x.png">` +
      `<span data-type="mention" data-id="${ana.userId}" data-label="Ana" class="x">@Ana</span>` +
      '<span data-comment-thread="6b0b7f2e-4d7c-4a53-9a52-0f3f3b7b2a11">no marks</span></p><h1>Big</h1>';
    const stored = threadOf(await ben.post(comments(item.id), { body })).comments[0]!.body;
    expect(stored).toBe(
      '<p><b>B</b> <em>I</em> <code>c</code> <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">l</a>' +
        ` <a rel="noopener noreferrer nofollow" target="_blank">bad</a>` +
        `<span data-type="mention" data-id="${ana.userId}" data-label="Ana">@Ana</span><span>no marks</span></p>Big`,
    );
  });

  it('refuses an empty comment and one over 10,000 characters, with the reason', async () => {
    const empty = await ben.post(comments(item.id), { body: '<p> </p>' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(DISCUSSION_MESSAGES.emptyComment);
    const long = await ben.post(comments(item.id), { body: `<p>${'a'.repeat(COMMENT_MAX_LENGTH + 1)}</p>` });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('A comment can be at most 10,000 characters');
    expect((await ben.post(comments(item.id), { body: `<p>${'a'.repeat(COMMENT_MAX_LENGTH)}</p>` })).status).toBe(201);
  });

  it('limits how fast one person comments, with Retry-After', async () => {
    const thread = threadOf(await ben.post(comments(item.id), { body: '<p>0</p>' }));
    for (let i = 1; i < RATE_LIMITS.commentsPerPerson.max; i++)
      expect((await ben.post(`${base()}/comment-threads/${thread.id}/comments`, { body: `<p>${i}</p>` })).status).toBe(
        201,
      );
    const refused = await ben.post(`${base()}/comment-threads/${thread.id}/comments`, { body: '<p>one more</p>' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(DISCUSSION_MESSAGES.tooMany);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not held up.
    expect((await ana.post(`${base()}/comment-threads/${thread.id}/comments`, { body: '<p>me</p>' })).status).toBe(201);
  });
});

describe('who may see a discussion', () => {
  it('answers 401 to anonymous callers and the spec’s not-found to strangers and to members outside a restricted collection', async () => {
    const thread = threadOf(await owner.post(comments(secret.id), { body: '<p>Board only</p>' }));
    expect((await lore.anonymous().get(comments(item.id))).status).toBe(401);
    expect((await stranger.get(comments(item.id))).status).toBe(404);
    const hidden = await ana.get(comments(secret.id));
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe('Knowledge item not found');
    expect((await ana.post(comments(secret.id), { body: '<p>x</p>' })).status).toBe(404);
    expect((await ana.post(`${base()}/comment-threads/${thread.id}/comments`, { body: '<p>x</p>' })).status).toBe(404);
    expect((await ana.patch(`${base()}/comment-threads/${thread.id}`, { resolved: true })).status).toBe(404);
    expect((await ana.delete(`${base()}/comments/${thread.comments[0]!.id}`)).status).toBe(404);
    expect((await ana.get(`${base()}/knowledge/${secret.id}/mentionable`)).status).toBe(404);
    expect((await admin.get(comments(secret.id))).status).toBe(200);
  });
});

describe('mentions and notifications', () => {
  it('notifies the mentioned at once by e-mail, the author as a watcher, and a mention who cannot see the item no one', async () => {
    const since = lore.mailbox.received.length;
    const thread = threadOf(
      await ben.post(comments(item.id), { body: `<p>${mention(admin, 'Ada')} can you check the rollback step?</p>` }),
    );
    expect((await notificationsOf(admin)).items).toMatchObject([
      { kind: 'mention', thread_id: thread.id, read: false },
    ]);
    expect((await notificationsOf(ana)).items.map((n) => n.kind)).toEqual(['comment']);
    expect((await notificationsOf(ben)).items).toEqual([]);
    const mail = await lore.mailbox.waitFor(admin.email, { since });
    expect(mail.subject).toContain('mentioned you on "Rollback runbook"');
    expect(mail.text).toContain(`/account/${accountId}/knowledge/${item.short_id}#thread-${thread.id}`);
    expect(mail.text).toMatch(/\/unsubscribe\?token=/);

    // Ana cannot see the board's item: mentioning her there notifies no one.
    await owner.post(comments(secret.id), { body: `<p>${mention(ana, 'Ana')} look</p>` });
    expect((await notificationsOf(ana)).items.map((n) => n.kind)).toEqual(['comment']);
    const people = (await owner.get(`${base()}/knowledge/${secret.id}/mentionable?q=`)).body.data as Array<{
      id: string;
      sees_item: boolean;
    }>;
    expect(people.find((p) => p.id === ana.userId)?.sees_item).toBe(false);
    expect(people.find((p) => p.id === admin.userId)?.sees_item).toBe(true);
  });

  it('tells those in a thread of replies, and marks read one by one or all at once', async () => {
    const thread = threadOf(await ben.post(comments(item.id), { body: '<p>Question</p>' }));
    await ana.post(`${base()}/comment-threads/${thread.id}/comments`, { body: '<p>Answer</p>' });
    const bens = await notificationsOf(ben);
    expect(bens).toMatchObject({ unread: 1, items: [{ kind: 'reply', excerpt: 'Answer' }] });
    expect((await ben.post(`${base()}/notifications/${bens.items[0]!.id}/read`)).status).toBe(200);
    expect((await notificationsOf(ben)).unread).toBe(0);
    // Someone else's notification is not found.
    expect((await ana.post(`${base()}/notifications/${bens.items[0]!.id}/read`)).status).toBe(404);
    await ana.post(`${base()}/comment-threads/${thread.id}/comments`, { body: '<p>More</p>' });
    await ana.post(comments(item.id), { body: '<p>Another thread</p>' });
    expect((await notificationsOf(ben)).unread).toBe(2);
    expect((await ben.post(`${base()}/notifications/read-all`)).status).toBe(200);
    expect((await notificationsOf(ben)).unread).toBe(0);
  });

  it('lets a person stop watching an item', async () => {
    expect((await ana.put(`${base()}/knowledge/${item.id}/watch`, { watching: false })).status).toBe(200);
    expect((await ana.get(comments(item.id))).body.data.watching).toBe(false);
    await ben.post(comments(item.id), { body: '<p>Hello</p>' });
    expect((await notificationsOf(ana)).items).toEqual([]);
    expect((await ben.get(comments(item.id))).body.data.watching).toBe(true);
  });

  it('e-mails the rest as each person chose: each, a daily digest, or none; mentions at once', async () => {
    expect((await ana.get('/api/me/notification-settings')).body.data).toEqual({
      comment_email: 'each',
      mention_email: true,
    });
    const daily = await ana.patch('/api/me/notification-settings', { comment_email: 'daily' });
    expect(daily.body.data).toEqual({ comment_email: 'daily', mention_email: true });
    expect((await ana.patch('/api/me/notification-settings', { comment_email: 'hourly' })).status).toBe(400);
    const since = lore.mailbox.received.length;
    await ben.post(comments(item.id), { body: '<p>For the digest</p>' });
    await ben.post(comments(item.id), { body: '<p>Also for the digest</p>' });
    await enqueueJob(lore.db, { kind: SEND_DIGESTS, key: 'test' });
    await lore.jobs.runUntilIdle();
    const digest = await lore.mailbox.waitFor(ana.email, { since });
    expect(digest.subject).toBe('Lore: 2 new notifications');
    expect(digest.text).toContain('commented on "Rollback runbook"');
  });

  it('unsubscribes without signing in through the signed link, and refuses a forged one', async () => {
    const since = lore.mailbox.received.length;
    await ben.post(comments(item.id), { body: '<p>Mail Ana</p>' });
    const mail = await lore.mailbox.waitFor(ana.email, { since });
    const token = new URL(/https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const forged = `${ben.userId}.${token.split('.')[1]}`;
    expect((await lore.anonymous().post('/api/unsubscribe', { token: forged })).status).toBe(400);
    const done = await lore.anonymous().post('/api/unsubscribe', { token });
    expect(done.status).toBe(200);
    expect((await ana.get('/api/me/notification-settings')).body.data).toEqual({
      comment_email: 'none',
      mention_email: false,
    });
    const count = lore.mailbox.received.length;
    await ben.post(comments(item.id), { body: `<p>${mention(ana)} again</p>` });
    expect((await notificationsOf(ana)).items[0]!.kind).toBe('mention');
    // No mail to Ana came: a mail to the admin, sent after, arrives alone.
    await ben.post(comments(item.id), { body: `<p>${mention(admin)}</p>` });
    await lore.mailbox.waitFor(admin.email, { since: count });
    expect(lore.mailbox.received.slice(count).some((m) => m.to.includes(ana.email.toLowerCase()))).toBe(false);
  });
});

describe('edits', () => {
  const edit = (client: SignedInClient, content: string, title?: string) =>
    client.patch(`${base()}/knowledge/${item.id}`, { content, ...(title ? { title } : {}) });
  const kindsOf = async (client: SignedInClient) => (await notificationsOf(client)).items.map((n) => n.kind);

  it('tells watchers of an edit once until they have read it, and the editor nothing', async () => {
    const since = lore.mailbox.received.length;
    expect((await edit(ben, '<p>Step one: stop the deploy now.</p>')).status).toBe(200);
    expect(await notificationsOf(ana)).toMatchObject({ unread: 1, items: [{ kind: 'edit', read: false }] });
    expect(await kindsOf(ben)).toEqual([]);
    const mail = await lore.mailbox.waitFor(ana.email, { since });
    expect(mail.subject).toContain('edited "Rollback runbook"');
    // Saved again (an autosave a few seconds later, a new title): still the one unread.
    await edit(ben, '<p>Step one: stop the deploy at once.</p>');
    await edit(admin, '<p>Step one: stop the deploy at once.</p>', 'Rollback runbook (2026)');
    expect(await kindsOf(ana)).toEqual(['edit']);
    // Read, a later edit is news again.
    await ana.post(`${base()}/notifications/read-all`);
    await edit(ben, '<p>Step one: stop the deploy, then wait.</p>');
    expect(await notificationsOf(ana)).toMatchObject({ unread: 1, items: [{ kind: 'edit' }, { kind: 'edit' }] });
    // Someone who stopped watching hears nothing.
    await ana.put(`${base()}/knowledge/${item.id}/watch`, { watching: false });
    await ana.post(`${base()}/notifications/read-all`);
    await edit(ben, '<p>Step one: stop it.</p>');
    expect((await notificationsOf(ana)).unread).toBe(0);
  });

  it('takes a thread started on a passage (its mark alone) for no edit', async () => {
    const inline = threadOf(await ben.post(comments(item.id), { body: '<p>Which?</p>', quote: 'stop the deploy' }));
    await ana.post(`${base()}/notifications/read-all`);
    const marked = `<p>Step one: <span data-comment-thread="${inline.id}">stop the deploy</span>.</p>`;
    expect((await edit(ben, marked)).status).toBe(200);
    expect((await edit(ben, '<p>Step one: stop the deploy.</p>')).status).toBe(200);
    expect((await notificationsOf(ana)).unread).toBe(0);
  });

  it('tells people newly mentioned in the content, once, and no one who cannot see the item', async () => {
    await edit(ben, `<p>Step one: stop the deploy. ${mention(admin, 'Admin')} checks it.</p>`);
    expect(await kindsOf(admin)).toEqual(['mention']);
    // Saved again with the same mention: no second one.
    await edit(ben, `<p>Step one: stop the deploy. ${mention(admin, 'Admin')} checks it, today.</p>`);
    expect(await kindsOf(admin)).toEqual(['mention']);
    // Ana, the author, heard of the edits (once); of a mention where she cannot see, nothing.
    expect(await kindsOf(ana)).toEqual(['edit']);
    await owner.patch(`${base()}/knowledge/${secret.id}`, { content: `<p>Confidential. ${mention(ana, 'Ana')}</p>` });
    expect(await kindsOf(ana)).toEqual(['edit']);
  });
});
