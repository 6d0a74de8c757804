import { describe, expect, it } from 'vitest';
import { enqueueJob } from '../data/jobs';
import { createItem } from '../test/knowledge-factory';
import { useTestServer } from '../test/use-test-server';
import { THIN_REVISIONS } from './thin-revisions';

const lore = useTestServer();

const DAY = 24 * 60 * 60_000;
/** Noon UTC `days` ago, plus `minutes`. */
const daysAgo = (days: number, minutes = 0) => {
  const noon = new Date(Date.now() - days * DAY);
  noon.setUTCHours(12, minutes, 0, 0);
  return noon;
};

describe('thinning old revisions', () => {
  it('keeps the last of each day past 30 days, every named one, and everything newer', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Runbook' });
    const other = await createItem(team.owner, team.id, { title: 'Other runbook' });
    const saves: Array<{ knowledge_id: string; version: number; saved_at: Date; name?: string }> = [
      // 40 days ago: three saves, the middle one named.
      { knowledge_id: item.id, version: 1, saved_at: daysAgo(40, 0) },
      { knowledge_id: item.id, version: 2, saved_at: daysAgo(40, 10), name: 'Before the audit' },
      { knowledge_id: item.id, version: 3, saved_at: daysAgo(40, 20) },
      // 35 days ago: two saves.
      { knowledge_id: item.id, version: 4, saved_at: daysAgo(35, 0) },
      { knowledge_id: item.id, version: 5, saved_at: daysAgo(35, 30) },
      // 3 days ago: two saves, both kept (within 30 days).
      { knowledge_id: item.id, version: 6, saved_at: daysAgo(3, 0) },
      { knowledge_id: item.id, version: 7, saved_at: daysAgo(3, 5) },
      // Another item's save on the same old day is its own day's last.
      { knowledge_id: other.id, version: 1, saved_at: daysAgo(40, 5) },
    ];
    await lore.db
      .insertInto('knowledge_revisions')
      .values(
        saves.map((save) => ({
          ...save,
          account_id: team.id,
          title: `Version ${save.version}`,
          content: '<p>Text</p>',
          tags: [],
          name: save.name ?? null,
        })),
      )
      .execute();

    await enqueueJob(lore.db, { kind: THIN_REVISIONS, key: 'all' });
    await lore.jobs.runUntilIdle();

    const kept = await lore.db
      .selectFrom('knowledge_revisions')
      .select(['knowledge_id', 'version'])
      .where('account_id', '=', team.id)
      .orderBy('knowledge_id')
      .orderBy('version')
      .execute();
    const versionsOf = (id: string) => kept.filter((row) => row.knowledge_id === id).map((row) => row.version);
    expect(versionsOf(item.id)).toEqual([2, 3, 5, 6, 7]);
    expect(versionsOf(other.id)).toEqual([1]);

    // The history still reads, and restores, what is kept.
    const history = await team.owner.get(`/api/accounts/${team.id}/knowledge/${item.id}/revisions`);
    expect(history.status).toBe(200);
  });
});
