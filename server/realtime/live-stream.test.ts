import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NumberedChange } from '../data/change-events';
import { LiveStream, type StreamSink } from './live-stream';

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const USER = '00000000-0000-4000-8000-0000000000aa';

let nextId = 1;
const knowledgeChange = (rowNumber: number, accountId = ACCOUNT): NumberedChange => ({
  id: nextId++,
  accountId,
  table: 'knowledge',
  rowId: `00000000-0000-4000-8000-${String(rowNumber).padStart(12, '0')}`,
  op: 'update',
});
const membership = (op: NumberedChange['op'], accountId: string): NumberedChange => ({
  id: nextId++,
  accountId,
  table: 'account_members',
  rowId: USER,
  op,
});

/** Records what a stream writes; `blocked` holds every write until released, as a reader that stopped reading. */
function recordingSink({ blocked = false } = {}) {
  const written: Array<{ id?: number; event: string; data: string } | { comment: string }> = [];
  let release = () => {};
  let gate = blocked ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const sink: StreamSink & { written: typeof written; unblock(): void; closed: boolean } = {
    written,
    closed: false,
    async send(message) {
      await gate;
      written.push(message);
    },
    async comment(comment) {
      await gate;
      written.push({ comment });
    },
    close() {
      sink.closed = true;
    },
    unblock() {
      gate = Promise.resolve();
      release();
    },
  };
  return sink;
}

const events = (sink: ReturnType<typeof recordingSink>) =>
  sink.written.flatMap((message) => ('event' in message ? [message] : []));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a live stream', () => {
  it('sends at most 10 events in any second, and folds waiting changes to one row into the latest', async () => {
    const sink = recordingSink();
    const stream = new LiveStream(USER, 'session', new Set([ACCOUNT]), sink, { eventsPerSecond: 10, maxPending: 100 });
    const burst = Array.from({ length: 25 }, (_, i) => knowledgeChange(i));
    stream.offer(burst);
    await vi.advanceTimersByTimeAsync(0);
    expect(events(sink)).toHaveLength(10);

    // Row 20 changes again while waiting: it is sent once, as its latest change, in its new place.
    const again = knowledgeChange(20);
    stream.offer([again]);
    await vi.advanceTimersByTimeAsync(999);
    expect(events(sink)).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(1);
    expect(events(sink)).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(1000);
    const sent = events(sink);
    expect(sent).toHaveLength(25);
    expect(sent.map((event) => event.id)).toEqual([...burst.filter((c) => c !== burst[20]).map((c) => c.id), again.id]);
    expect(JSON.parse(sent[0]!.data)).toEqual({
      accountId: ACCOUNT,
      table: 'knowledge',
      rowId: burst[0]!.rowId,
      op: 'update',
    });
    stream.close();
  });

  it('holds a bounded number of changes for a reader that does not keep up, then sends one refresh', async () => {
    const sink = recordingSink({ blocked: true });
    const stream = new LiveStream(USER, 'session', new Set([ACCOUNT]), sink, { eventsPerSecond: 10, maxPending: 100 });
    const first = knowledgeChange(0);
    stream.offer([first]);
    await vi.advanceTimersByTimeAsync(0);
    // The reader has stopped: 5,000 more changes arrive, one at a time, while the first is still being written.
    const flood = Array.from({ length: 5000 }, (_, i) => knowledgeChange(i + 1));
    for (const change of flood) stream.offer([change]);
    const later = knowledgeChange(9999);
    stream.offer([later]);
    sink.unblock();
    await vi.advanceTimersByTimeAsync(20_000);
    const sent = events(sink);
    // What did not fit became one refresh, sent before the (at most 100) changes that came after it.
    expect(sent[0]!.id).toBe(first.id);
    expect(sent[1]!.event).toBe('refresh');
    expect(sent.length).toBeLessThanOrEqual(2 + 100);
    expect(sent.slice(2).every((event) => event.event === 'change' && event.id! > sent[1]!.id!)).toBe(true);
    expect(sent.at(-1)!.id).toBe(later.id);
    stream.close();
  });

  it("passes on only its user's accounts, and follows their membership as it changes", async () => {
    const sink = recordingSink();
    const stream = new LiveStream(USER, 'session', new Set([ACCOUNT]), sink, { eventsPerSecond: 100, maxPending: 100 });
    const waiting = knowledgeChange(1);
    const elsewhere = knowledgeChange(2, OTHER);
    const joined = membership('insert', OTHER);
    const inOther = knowledgeChange(3, OTHER);
    stream.offer([elsewhere, joined, inOther]);
    await vi.advanceTimersByTimeAsync(0);
    expect(events(sink).map((event) => event.id)).toEqual([joined.id, inOther.id]);

    // Removed while changes of the account wait: the removal is sent, the waiting changes are not.
    const slow = recordingSink({ blocked: true });
    const removedStream = new LiveStream(USER, 's2', new Set([ACCOUNT]), slow, { eventsPerSecond: 100, maxPending: 9 });
    const first = knowledgeChange(4);
    removedStream.offer([first]);
    await vi.advanceTimersByTimeAsync(0);
    removedStream.offer([waiting]);
    const removed = membership('delete', ACCOUNT);
    removedStream.offer([removed, knowledgeChange(5)]);
    slow.unblock();
    await vi.advanceTimersByTimeAsync(0);
    expect(events(slow).map((event) => event.id)).toEqual([first.id, removed.id]);
    stream.close();
    removedStream.close();
  });

  it('opens with ready, writes a heartbeat only when idle, and stops writing once closed', async () => {
    const sink = recordingSink();
    const stream = new LiveStream(USER, 'session', new Set([ACCOUNT]), sink, { eventsPerSecond: 10, maxPending: 100 });
    stream.ready(41);
    stream.heartbeat();
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.written).toEqual([{ id: 41, event: 'ready', data: '{}' }, { comment: 'heartbeat' }]);

    let ended = false;
    void stream.closed.then(() => (ended = true));
    stream.close();
    stream.offer([knowledgeChange(1)]);
    stream.heartbeat();
    await vi.advanceTimersByTimeAsync(1000);
    expect([sink.written.length, sink.closed, ended]).toEqual([2, true, true]);
  });
});
