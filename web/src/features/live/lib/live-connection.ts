import { EventSourceParserStream } from 'eventsource-parser/stream';
import { LIVE_EVENTS, readChangeEvent, type ChangeEvent } from '@common/live';
import { getHealth, streamEvents } from '@common/api/routes';
import { retryAfterOf } from '@common/api/client';
import type { ConnectionState } from './connection-state';
import {
  CONNECTION_TEST_TIMEOUT_MS,
  SILENCE_LIMIT_MS,
  afterFailedAttempt,
  delayAfterDrop,
  mayTryOnVisible,
} from './reconnect-schedule';

export interface LiveConnectionOptions {
  onChange(change: ChangeEvent): void;
  /** The server cannot say what was missed (too long away, or too much at once): refetch everything. */
  onRefreshEverything(): void;
  /**
   * The tab's first stream is open: changes from now on will come. `resumed`: it
   * started from where the page's data was (`startFrom`), so what changed before is
   * coming too; otherwise what the page loaded before it opened may be out of date.
   */
  onFirstOpen(resumed: boolean): void;
  /** Where the page's data is up to date (the oldest change position of its answers), if known. */
  startFrom(): number | undefined;
  onState(state: ConnectionState): void;
  /** fetch with the session (lib/api-client): a 401 signs the tab out, as for any other call. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

class StreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(`The live stream was refused (${status})`);
  }
}

/**
 * This tab's one stream of live changes (GET /api/events), kept open: after a
 * drop it runs the connection test and tries again after 1 s or 2 s, then
 * backs off 1, 2, 5, 10 s; coming back to the tab tries at once (at most every
 * 10 s), and so does the browser coming back online. Resumes from the last event id.
 */
export class LiveConnection {
  private lastEventId: string | undefined;
  private attempt: AbortController | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private silence: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private lastAttemptAt = 0;
  private open = false;
  private openedOnce = false;
  private stopped = true;

  constructor(private readonly options: LiveConnectionOptions) {}

  start() {
    this.stopped = false;
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    if (!navigator.onLine) return this.options.onState('disconnected');
    this.options.onState('reconnecting');
    void this.connect();
  }

  stop() {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.halt();
  }

  private readonly onVisibility = () => {
    if (document.visibilityState !== 'visible' || this.open || !navigator.onLine) return;
    if (mayTryOnVisible(this.lastAttemptAt, Date.now())) void this.connect();
  };

  private readonly onOnline = () => {
    if (this.open) return;
    this.options.onState('reconnecting');
    this.later(delayAfterDrop(true));
  };

  private readonly onOffline = () => {
    this.halt();
    this.options.onState('disconnected');
  };

  /** Stops the stream and any planned attempt. */
  private halt() {
    clearTimeout(this.retry);
    this.retry = undefined;
    clearTimeout(this.silence);
    this.attempt?.abort();
    this.attempt = undefined;
    this.open = false;
  }

  /** Plans the next attempt; none while the browser is offline (its coming back online tries again). */
  private later(delayMs: number) {
    clearTimeout(this.retry);
    this.retry = undefined;
    if (this.stopped || !navigator.onLine) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, delayMs);
  }

  private async connect() {
    this.halt();
    const attempt = new AbortController();
    this.attempt = attempt;
    this.lastAttemptAt = Date.now();
    try {
      await this.read(attempt.signal);
      if (attempt.signal.aborted) return;
      await this.dropped();
    } catch (error) {
      if (attempt.signal.aborted || this.stopped) return;
      if (this.open) return this.dropped();
      this.failed(error);
    }
  }

  /** Opens the stream and reads it to its end. */
  private async read(signal: AbortSignal) {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (!this.openedOnce && this.lastEventId === undefined) {
      const startFrom = this.options.startFrom();
      if (startFrom !== undefined) this.lastEventId = String(startFrom);
    }
    const resumed = this.lastEventId !== undefined;
    if (this.lastEventId !== undefined) headers['Last-Event-ID'] = this.lastEventId;
    const response = await this.options.fetch(streamEvents.path, { headers, signal, cache: 'no-store' });
    if (!response.ok || !response.body) throw new StreamRefused(response.status, retryAfterOf(response));
    const events = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream({ onComment: () => this.heard(signal) }))
      .getReader();
    for (;;) {
      const { done, value } = await events.read();
      if (done) return;
      this.heard(signal);
      if (value.id !== undefined) this.lastEventId = value.id;
      if (value.event === LIVE_EVENTS.ready) {
        this.open = true;
        this.failures = 0;
        this.options.onState('connected');
        if (!this.openedOnce) this.options.onFirstOpen(resumed);
        this.openedOnce = true;
      } else if (value.event === LIVE_EVENTS.refresh) this.options.onRefreshEverything();
      else if (value.event === LIVE_EVENTS.change) {
        const change = readChangeEvent(JSON.parse(value.data));
        if (change) this.options.onChange(change);
      }
    }
  }

  /** Anything from the server shows the stream is alive; a long silence means it is not. */
  private heard(signal: AbortSignal) {
    clearTimeout(this.silence);
    this.silence = setTimeout(() => {
      if (signal === this.attempt?.signal) this.attempt.abort();
      void this.dropped();
    }, SILENCE_LIMIT_MS);
  }

  /** The open stream ended: reconnecting, after the connection test says how soon. */
  private async dropped() {
    this.halt();
    if (this.stopped) return;
    this.options.onState('reconnecting');
    // Any of the changes it missed come on the resume; meanwhile the page shows what it has.
    const answers = await testConnection();
    // Unless something else (the tab shown, the browser back online) has tried meanwhile.
    if (!this.attempt && this.retry === undefined) this.later(delayAfterDrop(answers));
  }

  /** An attempt failed before the stream opened. */
  private failed(error: unknown) {
    this.failures += 1;
    if (error instanceof StreamRefused && error.status === 401) {
      this.options.onState('disconnected');
      return; // The session ended: the tab signs out.
    }
    // Past the cap of open tabs, or Lore busy: keep trying without calling the tab offline.
    const next = afterFailedAttempt(error instanceof StreamRefused ? error : undefined, this.failures);
    this.options.onState(next.state);
    this.later(next.delayMs);
  }
}

/** The connection test: does Lore answer its health check within 5 s? */
export async function testConnection(): Promise<boolean> {
  try {
    const response = await fetch(getHealth.path, {
      cache: 'no-store',
      signal: AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}
