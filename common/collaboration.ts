/**
 * Live co-editing of an item's content (decision 34): the Yjs sync protocol over a WebSocket at
 * the item's `/collaboration` address. Shared by the server, the editor and the tests.
 */

/** The WebSocket's path for an item, under the API (the session cookie is sent with it). */
export const collaborationPath = (accountId: string, knowledgeId: string) =>
  `/api/accounts/${accountId}/knowledge/${knowledgeId}/collaboration`;

/** The first varuint of every message: y-websocket's numbering for sync and awareness, and Lore's acknowledgement. */
export const COLLABORATION_MESSAGES = {
  /** A y-protocols sync message: step 1 (a state vector), step 2 or an update. */
  sync: 0,
  /** A y-protocols awareness update: who is here, their caret. */
  awareness: 1,
  /** Server to client only: this many of the client's sync messages are stored (durable), oldest first. */
  stored: 2,
  /** Client to server: write the item from the document now (editing ends); the server answers the same when done. */
  flush: 3,
} as const;

/** Limits one socket lives within; past the rate it is closed with `COLLABORATION_CLOSE.limit`, past the size with 1009. */
export const COLLABORATION_LIMITS = {
  /** Bytes in one message: a paste of a long article fits, a flood does not. */
  maxMessageBytes: 2 * 1024 * 1024,
  /** Messages a socket may send in one second (typing sends one per key and one caret move). */
  messagesPerSecond: 60,
  /** Messages a socket may send in a burst before the rate applies. */
  burst: 240,
} as const;

/** Close codes (4000-4999 are the application's own). A client reconnects after `shuttingDown` only. */
export const COLLABORATION_CLOSE = {
  /** Lore stops (or the document was unloaded after a storage failure): connect again. */
  shuttingDown: 1012,
  /** A message that is not the protocol, or an update that cannot be applied. */
  malformed: 4400,
  /** The sign-in ended, the member left the workspace or lost the right to edit. */
  accessEnded: 4401,
  /** The item was deleted. */
  deleted: 4404,
  /** Too many messages. */
  limit: 4429,
} as const;

/** The name of the document's shared fragment: Tiptap's Collaboration extension's default. */
export const COLLABORATION_FIELD = 'default';

/** What a presence carries: set by the server from the session, so no one can appear as someone else. */
export interface CollaboratorIdentity {
  id: string;
  name: string;
  color: string;
}

/** A caret colour per person, the same on every screen (from their id). */
export function collaboratorColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 70% 42%)`;
}
