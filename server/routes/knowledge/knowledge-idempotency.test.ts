import { describe, expect, it } from 'vitest';
import { createKnowledge } from '../../../common/api/knowledge';
import { insertKnowledge } from '../../data/knowledge';
import { apiAs } from '../../test/api';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();

const itemsTitled = async (accountId: string, title: string) =>
  lore.db.selectFrom('knowledge').select('id').where('account_id', '=', accountId).where('title', '=', title).execute();

describe('creating an item with an Idempotency-Key', () => {
  it('answers a retried create with the item the first made, and makes no second', async () => {
    const { id: accountId, owner } = await lore.account();
    const create = (idempotencyKey: string, title = 'Runbook') =>
      apiAs(owner)(
        createKnowledge,
        { params: { accountId }, json: { title, content: '<p>Steps</p>' } },
        { idempotencyKey },
      );
    const key = crypto.randomUUID();
    // Sent together, as a retry racing a slow first attempt would be.
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(key)));
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    expect(await itemsTitled(accountId, 'Runbook')).toHaveLength(1);
    const again = await create(key);
    expect(again.data.id).toBe(answers[0]!.data.id);
    // Another key is another item.
    await create(crypto.randomUUID());
    expect(await itemsTitled(accountId, 'Runbook')).toHaveLength(2);
  });

  it('keeps keys apart per writer and workspace, and makes an item each time without one', async () => {
    const { id: accountId, owner, members } = await lore.account({ roles: ['member'] });
    const other = await lore.account({ owner });
    const key = crypto.randomUUID();
    const create = (client: typeof owner, account: string, idempotencyKey?: string) =>
      apiAs(client)(
        createKnowledge,
        { params: { accountId: account }, json: { title: 'Shared key', content: '' } },
        { idempotencyKey },
      );
    const ids = [
      (await create(owner, accountId, key)).data.id,
      (await create(members[0]!, accountId, key)).data.id,
      (await create(owner, other.id, key)).data.id,
      (await create(owner, accountId)).data.id,
      (await create(owner, accountId)).data.id,
    ];
    expect(new Set(ids).size).toBe(5);
  });

  it('refuses a key that is not a short token', async () => {
    const { id: accountId, owner } = await lore.account();
    const response = await owner.request('POST', `/api/accounts/${accountId}/knowledge`, {
      headers: { 'idempotency-key': 'x'.repeat(300) },
      json: { title: 'Too long a key', content: '' },
    });
    expect([response.status, response.body.error]).toEqual([
      400,
      'The Idempotency-Key header must be 1 to 255 visible characters',
    ]);
  });
});

describe('a new item whose short id is taken', () => {
  it('draws another, inside a transaction too (a unique violation there would abort it on PostgreSQL)', async () => {
    const { id: accountId, owner } = await lore.account();
    const first = await insertKnowledge(lore.db, {
      accountId,
      userId: owner.userId,
      title: 'First',
      content: '',
      tags: [],
    });
    const stored = (id: string) =>
      lore.db.selectFrom('knowledge').select(['short_id', 'title']).where('id', '=', id).executeTakeFirstOrThrow();
    const taken = (await stored(first.id)).short_id;
    const drawn = [taken, taken, 'freshOne'];
    const second = await lore.db.transaction().execute(async (trx) => {
      const inserted = await insertKnowledge(
        trx,
        { accountId, userId: owner.userId, title: 'Second', content: '', tags: [] },
        () => drawn.shift()!,
      );
      // The transaction is still usable after the collisions.
      await trx.selectFrom('knowledge').select('id').where('id', '=', inserted.id).executeTakeFirstOrThrow();
      return inserted;
    });
    expect(second.created).toBe(true);
    expect(await stored(second.id)).toEqual({ short_id: 'freshOne', title: 'Second' });
    expect(drawn).toEqual([]);
  });
});
