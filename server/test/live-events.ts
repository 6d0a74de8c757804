import { EventSourceParserStream } from 'eventsource-parser/stream';
import { sql } from 'kysely';
import type { ChangeEvent } from '../../common/live';
import { CHANGE_POSITION_HEADER } from '../../common/live';
import type { Database } from '../db/client';
import type { TestClient } from './http-client';

/**
 * Waits until the change feed of the process `client` talks to has read every change
 * committed so far (its position comes with any signed-in API answer). On PostgreSQL the
 * feed hears of a commit a moment after it: a stream opened sooner would then carry a
 * test's own set-up as changes.
 */
export async function feedCaughtUp(db: Database['db'], client: TestClient, timeoutMs = 10_000) {
  const { rows } = await sql<{ last: string | null }>`SELECT max(id)::text AS last FROM change_events`.execute(db);
  const last = Number(rows[0]!.last ?? 0);
  const position = async () => Number((await client.get('/api/me')).headers.get(CHANGE_POSITION_HEADER));
  const deadline = Date.now() + timeoutMs;
  while ((await position()) < last) {
    if (Date.now() > deadline) throw new Error(`The change feed did not reach change ${last} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One event of GET /api/events as a page receives it. */
export interface LiveEvent {
  id: string | undefined;
  event: string;
  data: Partial<ChangeEvent>;
}

/**
 * Opens GET /api/events as `client` (on `baseUrl`, another process's, when
 * given) and keeps reading in the background: `next` waits for an event,
 * `comments` counts heartbeats. A refusal answers its status and JSON body.
 */
export async function openLiveEvents(client: TestClient, options: { lastEventId?: string; baseUrl?: string } = {}) {
  const baseUrl = options.baseUrl ?? client.baseUrl;
  const headers: Record<string, string> = { ...client.callerHeaders(baseUrl), accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const controller = new AbortController();
  const response = await fetch(new URL('/api/events', baseUrl), { headers, signal: controller.signal });
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  let ended: 'cleanly' | 'broken' | undefined;
  let notify = () => {};

  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = response
      .body!.pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream({ onComment: (comment) => (comments.push(comment), notify()) }))
      .getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          events.push({ id: value.id, event: value.event ?? 'message', data: JSON.parse(value.data) });
          notify();
        }
        ended = 'cleanly';
      } catch {
        // Aborted by us, or the connection was cut.
        ended = 'broken';
      }
      notify();
    })();
  }

  /** Resolves once `check` holds, re-checked at each arrival; rejects after `timeoutMs`. */
  const until = <T>(check: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        notify = () => {};
        reject(new Error(`No ${what} within ${timeoutMs} ms; received ${JSON.stringify(events)}`));
      }, timeoutMs);
      notify = () => {
        const found = check();
        if (found === undefined) return;
        clearTimeout(timer);
        notify = () => {};
        resolve(found);
      };
      notify();
    });

  return {
    status: response.status,
    body: response.headers.get('content-type')?.includes('json')
      ? ((await response.json()) as { error: string; code: string })
      : null,
    events,
    comments,
    /** How the stream ended: the server finished it, or the connection broke (or we closed it). */
    get ended() {
      return ended;
    },
    /** The first event (from `from` on) that matches. */
    next(match: (event: LiveEvent) => boolean, { from = 0, timeoutMs = 10_000 } = {}) {
      return until(() => events.slice(from).find(match), 'matching event', timeoutMs);
    },
    /** The `change` events received, without their ids. */
    changes: () => events.filter((event) => event.event === 'change').map((event) => event.data as ChangeEvent),
    /** Resolves, with how, when the stream has ended. */
    whenEnded: (timeoutMs = 15_000) => until(() => ended, 'end of stream', timeoutMs),
    close: () => controller.abort(),
  };
}

export type LiveEvents = Awaited<ReturnType<typeof openLiveEvents>>;

/** A change event's shape, for expect(...).toMatchObject. */
export const change = (accountId: string, table: ChangeEvent['table'], rowId: string, op: ChangeEvent['op']) => ({
  event: 'change',
  data: { accountId, table, rowId, op },
});
