import type { WebSocket } from 'ws';
import { COLLABORATION_CLOSE, COLLABORATION_LIMITS, type CollaboratorIdentity } from '../../common/collaboration';

/** Who opened a socket, as checked when it connected (decision 34). */
export interface Admission {
  accountId: string;
  knowledgeId: string;
  userId: string;
  sessionId: string;
  identity: CollaboratorIdentity;
  /** `presence`: a reader of the article, who is shown to the others and sees them, and never edits. */
  mode: 'edit' | 'presence';
  /** The item's collection as last seen: access is checked again when it moves to another. */
  collectionId: string;
}

/**
 * One socket of one member on one item: sends without waiting, and hands its messages on one at a
 * time, in order, within its rate (a token bucket: `burst`, refilled at `messagesPerSecond`).
 */
export class Collaborator {
  private tokens: number = COLLABORATION_LIMITS.burst;
  private refilledAt = Date.now();
  private tail: Promise<unknown> = Promise.resolve();
  private handle: ((data: Uint8Array) => Promise<void>) | undefined;
  /** Messages that came before the document was ready; handed on, in order, once it is. */
  private early: Uint8Array[] = [];

  constructor(
    private readonly socket: WebSocket,
    readonly admission: Admission,
  ) {
    // Past the size limit ws closes the socket itself (1009) and reports it here; nothing more to do.
    socket.on('error', () => {});
    socket.on('message', (data, isBinary) => {
      if (!this.withinRate()) return this.close(COLLABORATION_CLOSE.limit, 'Too many messages');
      if (!isBinary) return this.close(COLLABORATION_CLOSE.malformed, 'Messages are binary');
      const bytes = Array.isArray(data) ? Buffer.concat(data) : new Uint8Array(data as ArrayBuffer);
      if (this.handle) this.pass(bytes);
      else this.early.push(bytes);
    });
  }

  get userId() {
    return this.admission.userId;
  }

  get identity() {
    return this.admission.identity;
  }

  send(message: Uint8Array) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(message);
  }

  close(code: number, reason: string) {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING)
      this.socket.close(code, reason);
  }

  /** From now on, passes each message (those that came before first) to `handle`, one at a time, in order. */
  onMessage(handle: (data: Uint8Array) => Promise<void>) {
    this.handle = handle;
    for (const bytes of this.early) this.pass(bytes);
    this.early = [];
  }

  private pass(bytes: Uint8Array) {
    const handle = this.handle!;
    this.tail = this.tail.then(() => handle(bytes)).catch(() => this.close(COLLABORATION_CLOSE.malformed, 'Failed'));
  }

  onClose(listener: () => void) {
    this.socket.once('close', listener);
  }

  private withinRate(): boolean {
    const now = Date.now();
    const refill = ((now - this.refilledAt) / 1000) * COLLABORATION_LIMITS.messagesPerSecond;
    this.tokens = Math.min(COLLABORATION_LIMITS.burst, this.tokens + refill);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
