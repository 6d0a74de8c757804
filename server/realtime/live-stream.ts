import type { ChangeEvent } from '../../common/live';
import { LIVE_EVENTS } from '../../common/live';
import type { NumberedChange } from '../data/change-events';

/** Where a stream writes: the SSE response (server/routes/events), or a test's recorder. */
export interface StreamSink {
  /** One event; resolves once the connection took it (a slow reader makes it wait). */
  send(message: { id?: number; event: string; data: string }): Promise<void>;
  /** A comment line, which pages ignore: the heartbeat. */
  comment(text: string): Promise<void>;
  close(): void;
}

export interface LiveStreamOptions {
  /** At most this many events a second; the rest wait, and changes to one row fold into the latest. */
  eventsPerSecond: number;
  /** Rows waiting beyond this many are dropped for one `refresh` event: a slow reader costs bounded memory. */
  maxPending: number;
}

/**
 * One page's stream of changes: it passes on the changes of the accounts its
 * user is a member of, and follows that membership as its own changes go by
 * (a member removed hears of the removal and of nothing more from that
 * account). Every write goes through one loop, so a reader that does not keep
 * up holds at most one write in flight plus `maxPending` waiting rows.
 */
export class LiveStream {
  /** Waiting changes by row, in id order (a newer change to a row moves it to the end). */
  private readonly pending = new Map<string, NumberedChange>();
  /** The `ready` event, sent before anything else. */
  private opening: { id: number | undefined } | undefined;
  /** A `refresh` is owed, bringing the page up to this id. */
  private refreshThrough: number | undefined;
  private heartbeatDue = false;
  private writing = false;
  /** When the last `eventsPerSecond` events were sent, oldest first. */
  private readonly sentAt: number[] = [];
  private wait: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  private isClosed = false;
  /** Collections hidden from this user in their workspaces (decision 35), now and before the last change of them. */
  private hidden: ReadonlySet<string> = new Set();
  private hiddenBefore: ReadonlySet<string> = new Set();
  private readonly ended: Promise<void>;
  private end = () => {};

  constructor(
    readonly userId: string,
    readonly sessionId: string,
    private readonly accounts: Set<string>,
    private readonly sink: StreamSink,
    private readonly options: LiveStreamOptions,
  ) {
    this.ended = new Promise((resolve) => (this.end = resolve));
  }

  /** Resolves when the stream has closed, whoever closed it. */
  get closed(): Promise<void> {
    return this.ended;
  }

  /** Takes changes in commit order, keeps those for this user, and sends them as the rate allows. */
  offer(changes: NumberedChange[]) {
    if (this.isClosed) return;
    for (const change of changes) {
      const aboutThisUser = change.table === 'account_members' && change.rowId === this.userId;
      if (aboutThisUser && change.op === 'insert') this.accounts.add(change.accountId);
      if (aboutThisUser && change.op === 'delete') this.leave(change.accountId);
      if ((aboutThisUser || this.accounts.has(change.accountId)) && !this.hides(change)) this.queue(change);
    }
    void this.pump();
  }

  /**
   * The collections now hidden from this user (read again after each change of collections or of
   * their own role). Their items' changes are left out; a change of a collection itself is passed
   * on when the user saw it before or sees it now, so a page hears that it was opened or closed to them.
   */
  hideCollections(hidden: ReadonlySet<string>) {
    this.hiddenBefore = this.hidden;
    this.hidden = hidden;
  }

  private hides({ table, collectionId, userId }: NumberedChange) {
    // A notification is its person's alone (decision 38).
    if (userId && userId !== this.userId) return true;
    if (!collectionId) return false;
    if (table === 'collections') return this.hidden.has(collectionId) && this.hiddenBefore.has(collectionId);
    return this.hidden.has(collectionId);
  }

  /** The page should fetch everything again, as of change `throughId`. */
  owesRefresh(throughId: number) {
    this.pending.clear();
    this.refreshThrough = throughId;
    void this.pump();
  }

  /** Sends the `ready` event that opens every stream: with the current id on a fresh start, without one on a resume. */
  ready(id: number | undefined) {
    this.opening = { id };
    void this.pump();
  }

  /** A comment line, when nothing else is being written (a busy connection is alive anyway). */
  heartbeat() {
    this.heartbeatDue = true;
    void this.pump();
  }

  close() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.pending.clear();
    if (this.wait) {
      clearTimeout(this.wait.timer);
      this.wait.resolve();
    }
    this.sink.close();
    this.end();
  }

  /** Removed from an account: nothing more of it is sent, not even what was waiting. */
  private leave(accountId: string) {
    this.accounts.delete(accountId);
    for (const [key, change] of this.pending) if (change.accountId === accountId) this.pending.delete(key);
  }

  private queue(change: NumberedChange) {
    const key = `${change.accountId}/${change.table}/${change.rowId}`;
    this.pending.delete(key);
    this.pending.set(key, change);
    if (this.pending.size > this.options.maxPending) this.owesRefresh(change.id);
  }

  private async pump() {
    if (this.writing || this.isClosed) return;
    this.writing = true;
    try {
      while (!this.isClosed) {
        if (this.opening) {
          const { id } = this.opening;
          this.opening = undefined;
          await this.sink.send({ id, event: LIVE_EVENTS.ready, data: '{}' });
          continue;
        }
        if (this.refreshThrough === undefined && this.pending.size === 0) {
          if (!this.heartbeatDue) break;
          this.heartbeatDue = false;
          await this.sink.comment('heartbeat');
          continue;
        }
        await this.waitForTurn();
        if (this.isClosed) break;
        this.heartbeatDue = false;
        if (!(await this.sendNext())) continue;
        this.sentAt.push(Date.now());
        if (this.sentAt.length > this.options.eventsPerSecond) this.sentAt.shift();
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * The owed refresh first (its id is below every waiting change's), then the
   * oldest waiting change; false when nothing is left (a removal emptied the wait).
   */
  private async sendNext(): Promise<boolean> {
    if (this.refreshThrough !== undefined) {
      const id = this.refreshThrough;
      this.refreshThrough = undefined;
      await this.sink.send({ id, event: LIVE_EVENTS.refresh, data: '{}' });
      return true;
    }
    const next = this.pending.entries().next();
    if (next.done) return false;
    const [key, { id, collectionId: _collection, userId: _user, ...event }] = next.value;
    this.pending.delete(key);
    await this.sink.send({ id, event: LIVE_EVENTS.change, data: JSON.stringify(event satisfies ChangeEvent) });
    return true;
  }

  /** At most `eventsPerSecond` in any second: waits until the oldest of the last that many went a second ago. */
  private async waitForTurn() {
    if (this.sentAt.length < this.options.eventsPerSecond) return;
    const waitMs = this.sentAt[0]! + 1000 - Date.now();
    if (waitMs <= 0) return;
    await new Promise<void>((resolve) => (this.wait = { timer: setTimeout(resolve, waitMs), resolve }));
    this.wait = undefined;
  }
}
