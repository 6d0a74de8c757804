import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { COLLABORATION_CLOSE, collaborationPath } from '@common/collaboration';
import {
  awarenessMessage,
  awarenessUpdate,
  changedPresenceMessage,
  type PresenceChanges,
  flushMessage,
  readMessage,
  step1Message,
  step2Message,
  updateMessage,
} from '@common/collaboration-messages';

/**
 * Where the text stands, as the page says it: connecting, every change stored ("Saved"), changes on
 * their way ("Saving…"), no connection ("Offline": the changes stay in this browser, y-indexeddb), or
 * the socket refused for good (signed out, no longer a member, the item deleted).
 */
export type SaveState = 'connecting' | 'saving' | 'saved' | 'offline' | 'ended';

/** Closes after which connecting again cannot help. */
const FINAL_CLOSES = new Set<number>([COLLABORATION_CLOSE.accessEnded, COLLABORATION_CLOSE.deleted]);
/** Waits before connecting again: quickly first, then at most every 5 s. */
const RECONNECT_MS = [250, 500, 1000, 2000, 5000];
/** How long "write the item now" may take before editing ends anyway (the item follows the document later). */
const FLUSH_TIMEOUT_MS = 5000;

/**
 * The editor's side of the collaboration socket (decision 34): the Yjs sync protocol with the server,
 * presence through awareness, the server's acknowledgements counted so "Saved" means stored, and
 * reconnecting after a lost connection (the browser's offline and online events are heeded at once).
 */
export class CollaborationConnection {
  readonly awareness: awarenessProtocol.Awareness;
  private socket: WebSocket | undefined;
  private state: SaveState = 'connecting';
  /** Sync messages sent on this socket and not yet acknowledged as stored. */
  private unstored = 0;
  private synced = false;
  /** The server's state has arrived at least once since the page opened the document. */
  private everSynced = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private destroyed = false;
  private readonly listeners = new Set<() => void>();
  private readonly flushes: Array<() => void> = [];

  constructor(
    private readonly doc: Y.Doc,
    accountId: string,
    knowledgeId: string,
  ) {
    this.url = new URL(collaborationPath(accountId, knowledgeId), window.location.href);
    this.url.protocol = this.url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.awareness = new awarenessProtocol.Awareness(doc);
    doc.on('update', this.sendUpdate);
    this.awareness.on('update', this.sendPresence);
    window.addEventListener('offline', this.wentOffline);
    window.addEventListener('online', this.cameOnline);
    this.connect();
  }

  private readonly url: URL;

  get saveState(): SaveState {
    return this.state;
  }

  /** Whether the server's state has arrived since the page opened the document. */
  get hasSynced(): boolean {
    return this.everSynced;
  }

  /** For useSyncExternalStore: called whenever `saveState` may have changed. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Asks the server to write the item now; resolves when it has (or after a few seconds, or at once when offline). */
  flush(): Promise<void> {
    if (this.socket?.readyState !== WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
      this.flushes.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.socket!.send(flushMessage());
    });
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.retry);
    window.removeEventListener('offline', this.wentOffline);
    window.removeEventListener('online', this.cameOnline);
    this.doc.off('update', this.sendUpdate);
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'destroyed');
    this.awareness.off('update', this.sendPresence);
    this.awareness.destroy();
    this.socket?.close();
    this.listeners.clear();
  }

  private connect() {
    if (this.destroyed || !navigator.onLine) return this.settle();
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.unstored = 0;
    this.synced = false;
    socket.onopen = () => {
      this.attempt = 0;
      socket.send(step1Message(this.doc));
      if (this.awareness.getLocalState() !== null)
        socket.send(awarenessMessage(awarenessUpdate(this.awareness, [this.doc.clientID])));
    };
    socket.onmessage = (event: MessageEvent<ArrayBuffer>) => this.receive(socket, new Uint8Array(event.data));
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      // Others' carets go with the connection; they come back with it.
      const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID);
      awarenessProtocol.removeAwarenessStates(this.awareness, others, this);
      for (const done of this.flushes.splice(0)) done();
      if (FINAL_CLOSES.has(event.code)) {
        this.state = 'ended';
        return this.tell();
      }
      this.settle();
      this.retry = setTimeout(() => this.connect(), RECONNECT_MS[Math.min(this.attempt++, RECONNECT_MS.length - 1)]);
    };
  }

  private receive(socket: WebSocket, data: Uint8Array) {
    const message = readMessage(data);
    if (message.kind === 'step1') this.send(socket, step2Message(this.doc, message.stateVector));
    else if (message.kind === 'update') {
      Y.applyUpdate(this.doc, message.update, this);
      if (message.step2) this.synced = this.everSynced = true;
    } else if (message.kind === 'awareness')
      awarenessProtocol.applyAwarenessUpdate(this.awareness, message.update, this);
    else if (message.kind === 'stored') this.unstored = Math.max(0, this.unstored - message.count);
    else this.flushes.shift()?.();
    this.settle();
  }

  /** A sync message, counted until the server acknowledges it. */
  private send(socket: WebSocket, message: Uint8Array) {
    this.unstored += 1;
    socket.send(message);
  }

  private readonly sendUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return;
    // Offline, the change waits in the document (and IndexedDB); sync step 2 carries it on reconnecting.
    if (this.socket?.readyState === WebSocket.OPEN) this.send(this.socket, updateMessage(update));
    this.settle();
  };

  private readonly sendPresence = (changes: PresenceChanges, origin: unknown) => {
    if (origin !== this && this.socket?.readyState === WebSocket.OPEN)
      this.socket.send(changedPresenceMessage(this.awareness, changes));
  };

  private readonly wentOffline = () => {
    clearTimeout(this.retry);
    this.socket?.close();
  };

  private readonly cameOnline = () => {
    if (this.socket || this.destroyed) return;
    clearTimeout(this.retry);
    this.attempt = 0;
    this.connect();
  };

  private settle() {
    if (this.state === 'ended') return;
    const open = this.socket?.readyState === WebSocket.OPEN;
    const next: SaveState = !this.socket
      ? 'offline'
      : !open || !this.synced
        ? this.state === 'offline'
          ? 'offline'
          : 'connecting'
        : this.unstored > 0
          ? 'saving'
          : 'saved';
    if (next === this.state) return;
    this.state = next;
    this.tell();
  }

  private tell() {
    for (const listener of this.listeners) listener();
  }
}
