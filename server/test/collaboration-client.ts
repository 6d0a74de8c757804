import { WebSocket } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { collaborationPath } from '../../common/collaboration';
import {
  awarenessMessage,
  awarenessUpdate,
  readMessage,
  step1Message,
  step2Message,
  updateMessage,
} from '../../common/collaboration-messages';
import type { TestClient } from './http-client';

/** How a socket that was refused or closed ended: the HTTP status of a refused upgrade, or the close code. */
export interface SocketEnd {
  status?: number;
  code?: number;
}

/**
 * A co-editor over a real WebSocket, speaking the Yjs sync protocol as the browser's editor does
 * (y-protocols, through common/collaboration-messages.ts), with `client`'s cookies. For tests and bench:collab.
 */
export class CollaborationClient {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  /** How many of this client's sync messages the server said it stored. */
  stored = 0;
  /** How many it sent. */
  sent = 0;
  /** The server's state has arrived (its sync step 2). */
  synced = false;
  readonly ended: Promise<SocketEnd>;
  private readonly socket: WebSocket;
  private readonly waiters = new Set<() => void>();

  constructor(
    client: TestClient,
    accountId: string,
    knowledgeId: string,
    options: { origin?: string; presenceOnly?: boolean } = {},
  ) {
    const url = new URL(collaborationPath(accountId, knowledgeId), client.baseUrl.replace(/^http/, 'ws'));
    // A reader of the article: presence only, as the article page opens it.
    if (options.presenceOnly) url.searchParams.set('presence', 'only');
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    this.socket = new WebSocket(url, {
      headers: { origin: options.origin ?? client.baseUrl, ...(cookie ? { cookie } : {}) },
    });
    this.socket.binaryType = 'nodebuffer';
    this.ended = new Promise((resolve) => {
      this.socket.on('unexpected-response', (_request, response) => {
        resolve({ status: response.statusCode });
        response.resume();
      });
      this.socket.on('close', (code) => resolve({ code }));
      this.socket.on('error', () => {});
    });
    void this.ended.then(() => this.notify());
    this.socket.on('open', () => {
      if (!options.presenceOnly) this.socket.send(step1Message(this.doc));
    });
    this.socket.on('message', (data: Buffer) => this.receive(new Uint8Array(data)));
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== this) this.send(updateMessage(update));
    });
    this.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      if (origin === this || this.socket.readyState !== WebSocket.OPEN) return;
      this.socket.send(awarenessMessage(awarenessUpdate(this.awareness, [...added!, ...updated!, ...removed!])));
    });
  }

  /** Resolves once the socket is open (rejects when it was refused). */
  opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      void this.ended.then((end) => reject(new Error(`Socket ended: ${JSON.stringify(end)}`)));
    });
  }

  /** The document's text, paragraph by paragraph. */
  text(): string {
    return this.doc
      .getXmlFragment('default')
      .toArray()
      .map((node) => (node instanceof Y.XmlElement ? node.toString().replace(/<[^>]+>/g, '') : ''))
      .join('\n');
  }

  /** Types `words` as a new paragraph at the end, as an editor would. */
  type(words: string) {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(words)]);
    const fragment = this.doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
  }

  /** Appends `text` to the last paragraph (one keystroke's update). */
  typeInto(text: string) {
    const fragment = this.doc.getXmlFragment('default');
    const last = fragment.get(fragment.length - 1);
    if (!(last instanceof Y.XmlElement)) return this.type(text);
    const inner = last.get(0);
    if (inner instanceof Y.XmlText) inner.insert(inner.length, text);
    else last.insert(0, [new Y.XmlText(text)]);
  }

  /** Sends raw bytes, as a broken or hostile client would. */
  sendRaw(data: Uint8Array) {
    this.socket.send(data);
  }

  /** Waits until `check` holds (checked at every message and at the end), or fails after `ms`. */
  async until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(test);
        reject(new Error(`Timed out waiting for ${what}`));
      }, ms);
      const test = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters.delete(test);
        resolve();
      };
      this.waiters.add(test);
    });
  }

  /** Waits until the server's state has arrived. */
  whenSynced() {
    return this.until(() => this.synced, "the server's state");
  }

  /** Waits until the server stored everything this client sent. */
  allStored() {
    return this.until(() => this.stored >= this.sent && this.sent > 0, 'every update stored');
  }

  close() {
    this.awareness.destroy();
    this.socket.close();
    return this.ended;
  }

  private send(message: Uint8Array) {
    this.sent += 1;
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(message);
  }

  private receive(data: Uint8Array) {
    const message = readMessage(data);
    if (message.kind === 'step1') this.send(step2Message(this.doc, message.stateVector));
    else if (message.kind === 'update') {
      Y.applyUpdate(this.doc, message.update, this);
      if (message.step2) this.synced = true;
    } else if (message.kind === 'awareness')
      awarenessProtocol.applyAwarenessUpdate(this.awareness, message.update, this);
    else if (message.kind === 'stored') this.stored += message.count;
    this.notify();
  }

  private notify() {
    for (const waiter of [...this.waiters]) waiter();
  }
}
