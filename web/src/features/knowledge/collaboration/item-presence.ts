import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { COLLABORATION_CLOSE, collaborationPath } from '@common/collaboration';
import {
  awarenessMessage,
  awarenessUpdate,
  changedPresenceMessage,
  readMessage,
  type PresenceChanges,
} from '@common/collaboration-messages';

/** Closes after which connecting again cannot help. */
const FINAL_CLOSES = new Set<number>([COLLABORATION_CLOSE.accessEnded, COLLABORATION_CLOSE.deleted]);
const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * A reader's presence in an item (decision 34): the collaboration socket with `?presence=only`, which
 * carries awareness alone. The editors see this reader (`viewing: true`); the reader sees who is in the
 * item. Loaded only by the article, after it is drawn, so Yjs stays out of the article's first load.
 */
export class ItemPresence {
  readonly awareness = new awarenessProtocol.Awareness(new Y.Doc());
  private readonly url: URL;
  private socket: WebSocket | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private destroyed = false;

  constructor(accountId: string, knowledgeId: string) {
    this.url = new URL(`${collaborationPath(accountId, knowledgeId)}?presence=only`, window.location.href);
    this.url.protocol = this.url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.awareness.setLocalState({ viewing: true });
    // The awareness renews the local state every 15 s, so the others never time this reader out.
    this.awareness.on('update', this.sendPresence);
    this.connect();
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.retry);
    this.awareness.off('update', this.sendPresence);
    this.awareness.destroy();
    this.socket?.close();
  }

  private connect() {
    if (this.destroyed) return;
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      socket.send(awarenessMessage(awarenessUpdate(this.awareness, [this.awareness.clientID])));
    };
    socket.onmessage = (event: MessageEvent<ArrayBuffer>) => {
      const message = readMessage(new Uint8Array(event.data));
      if (message.kind === 'awareness') awarenessProtocol.applyAwarenessUpdate(this.awareness, message.update, this);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.awareness.clientID);
      awarenessProtocol.removeAwarenessStates(this.awareness, others, this);
      if (this.destroyed || FINAL_CLOSES.has(event.code)) return;
      this.retry = setTimeout(() => this.connect(), RECONNECT_MS[Math.min(this.attempt++, RECONNECT_MS.length - 1)]);
    };
  }

  private readonly sendPresence = (changes: PresenceChanges, origin: unknown) => {
    if (origin !== this && this.socket?.readyState === WebSocket.OPEN)
      this.socket.send(changedPresenceMessage(this.awareness, changes));
  };
}
