import { sql } from 'kysely';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { LIVE_MESSAGES } from '../../common/live';
import { AppError } from '../errors';
import { createItem } from '../test/knowledge-factory';
import { openLiveEvents } from '../test/live-events';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { testEngine } from '../test/test-database';
import { turnOnTwoFactor } from '../test/two-factor';
import type { StreamSink } from './live-stream';
import { createRealtime } from './realtime';

const lore = useTestServer();

const logger = pino({ level: 'silent' });

/** Records what a stream writes. */
function recorder() {
  const written: string[] = [];
  let closed = false;
  const sink: StreamSink = {
    send: async ({ event, data }) => void written.push(`${event} ${data}`),
    comment: async (text) => void written.push(`: ${text}`),
    close: () => (closed = true),
  };
  return {
    sink,
    written,
    get closed() {
      return closed;
    },
  };
}

/** The auth session a client's cookie holds (its newest). */
async function sessionOf(client: SignedInClient) {
  const row = await lore.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', client.userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the live streams of one process', () => {
  it('beat every heartbeat, and end the streams of sessions that ended or now owe a two-factor code', async () => {
    const realtime = createRealtime({ database: lore.database, logger }, { heartbeatMs: 100 });
    const [kept, signedOut, owesCode] = await Promise.all([lore.user(), lore.user(), lore.user()]);
    const streams = await Promise.all(
      [kept, signedOut, owesCode].map(async (client) => {
        const record = recorder();
        const sessionId = await sessionOf(client);
        const signal = new AbortController().signal;
        const served = realtime.serve({ userId: client.userId, sessionId, sink: record.sink, signal });
        return { record, served };
      }),
    );
    await expect
      .poll(() => streams[0]!.record.written.filter((line) => line === ': heartbeat').length)
      .toBeGreaterThanOrEqual(2);

    await lore.db.deleteFrom('sessions').where('user_id', '=', signedOut.userId).execute();
    // Two-factor turned on from another of their devices: this session must now give a code.
    await turnOnTwoFactor(await lore.anotherSession(owesCode));
    await streams[1]!.served;
    await streams[2]!.served;
    expect([streams[1]!.record.closed, streams[2]!.record.closed, streams[0]!.record.closed]).toEqual([
      true,
      true,
      false,
    ]);
    expect(realtime.openStreams).toBe(1);
    await realtime.close();
    await streams[0]!.served;
  });

  it('end every stream when Lore stops, and refuse new ones meanwhile', async () => {
    const realtime = createRealtime({ database: lore.database, logger });
    const person = await lore.user();
    const sessionId = await sessionOf(person);
    const records = [recorder(), recorder()];
    const served = records.map((record) =>
      realtime.serve({ userId: person.userId, sessionId, sink: record.sink, signal: new AbortController().signal }),
    );
    await expect.poll(() => realtime.openStreams).toBe(2);
    await realtime.close();
    await Promise.all(served);
    expect(records.map((record) => [record.closed, record.written[0]?.startsWith('ready')])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(() => realtime.claim(person.userId)).toThrow(new AppError(503, 'shutting_down', LIVE_MESSAGES.shuttingDown));
  });

  it('end a stream when the page goes, giving its place back', async () => {
    const person = await lore.user();
    const stream = await openLiveEvents(person);
    await stream.next((event) => event.event === 'ready');
    const before = lore.deps.realtime.openStreams;
    stream.close();
    await expect.poll(() => lore.deps.realtime.openStreams).toBe(before - 1);
  });
});

describe.skipIf(testEngine !== 'postgres')('listening on PostgreSQL', () => {
  it('listens again after its connection is lost, and passes on what was committed meanwhile', async () => {
    const team = await lore.account();
    const stream = await openLiveEvents(team.owner);
    await stream.next((event) => event.event === 'ready');
    const killed = await sql<{ pid: number }>`
      SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'`.execute(lore.db);
    expect(killed.rows.length).toBeGreaterThan(0);
    // Committed while no one listens: its notification is lost, its row is not.
    const item = await createItem(team.owner, team.id, { title: 'While deaf' });
    await stream.next((event) => event.data.rowId === item.id, { timeoutMs: 15_000 });
    stream.close();
  });
});
