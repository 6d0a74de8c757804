import { describe, expect, it } from 'vitest';
import { enqueueJob } from '../data/jobs';
import { createItem } from '../test/knowledge-factory';
import { useTestServer } from '../test/use-test-server';
import { KEEP_CHANGES_MS, PRUNE_CHANGE_EVENTS } from './prune-change-events';

const lore = useTestServer();

describe('forgetting old live changes', () => {
  it('removes the changes older than a day, oldest first, and keeps the rest unbroken', async () => {
    const team = await lore.account();
    const items = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) items.push(await createItem(team.owner, team.id, { title }));
    const ids = async () =>
      (
        await lore.db
          .selectFrom('change_events')
          .select('row_id')
          .where('account_id', '=', team.id)
          .where('table_name', '=', 'knowledge')
          .orderBy('id')
          .execute()
      ).map((row) => row.row_id);
    expect(await ids()).toEqual(items.map((item) => item.id));

    // The first two are old; so is the fourth (a transaction that began long ago), but the third is not.
    const old = new Date(Date.now() - KEEP_CHANGES_MS - 60_000);
    await lore.db
      .updateTable('change_events')
      .set({ created_at: old })
      .where('row_id', 'in', [items[0]!.id, items[1]!.id, items[3]!.id])
      .execute();
    await enqueueJob(lore.db, { kind: PRUNE_CHANGE_EVENTS, key: 'all' });
    await lore.jobs.runUntilIdle();
    // Everything up to the newest old one goes, so what is kept runs on to the newest without gaps.
    expect(await ids()).toEqual([]);

    const fresh = await createItem(team.owner, team.id, { title: 'Five' });
    await enqueueJob(lore.db, { kind: PRUNE_CHANGE_EVENTS, key: 'all' });
    await lore.jobs.runUntilIdle();
    expect(await ids()).toEqual([fresh.id]);
  });
});
