import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { COLLABORATION_MESSAGES } from './collaboration';

/** One message of the collaboration socket, read (decision 34); `undefined` when it is not one. */
export type CollaborationMessage =
  | { kind: 'step1'; stateVector: Uint8Array }
  | { kind: 'update'; update: Uint8Array; step2: boolean }
  | { kind: 'awareness'; update: Uint8Array }
  | { kind: 'stored'; count: number }
  | { kind: 'flush' };

/** Reads a message; throws on anything that is not the protocol (the socket is then closed). */
export function readMessage(data: Uint8Array): CollaborationMessage {
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  if (type === COLLABORATION_MESSAGES.sync) {
    const step = decoding.readVarUint(decoder);
    const payload = decoding.readVarUint8Array(decoder);
    if (step === syncProtocol.messageYjsSyncStep1) return { kind: 'step1', stateVector: payload };
    if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
      // Parsed whole before anything is applied: a malformed update is refused, never half applied.
      Y.decodeUpdate(payload);
      return { kind: 'update', update: payload, step2: step === syncProtocol.messageYjsSyncStep2 };
    }
  }
  if (type === COLLABORATION_MESSAGES.awareness)
    return { kind: 'awareness', update: decoding.readVarUint8Array(decoder) };
  if (type === COLLABORATION_MESSAGES.stored) return { kind: 'stored', count: decoding.readVarUint(decoder) };
  if (type === COLLABORATION_MESSAGES.flush) return { kind: 'flush' };
  throw new Error(`Not a collaboration message (type ${type})`);
}

const message = (write: (encoder: encoding.Encoder) => void) => {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
};

/** Sync step 1: my state vector, asking for what I lack. */
export const step1Message = (doc: Y.Doc) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, COLLABORATION_MESSAGES.sync);
    syncProtocol.writeSyncStep1(encoder, doc);
  });

/** Sync step 2: what the other side lacks, given its state vector. */
export const step2Message = (doc: Y.Doc, stateVector?: Uint8Array) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, COLLABORATION_MESSAGES.sync);
    syncProtocol.writeSyncStep2(encoder, doc, stateVector);
  });

/** An update made here. */
export const updateMessage = (update: Uint8Array) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, COLLABORATION_MESSAGES.sync);
    syncProtocol.writeUpdate(encoder, update);
  });

/** An awareness update (who is here, their caret). */
export const awarenessMessage = (update: Uint8Array) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, COLLABORATION_MESSAGES.awareness);
    encoding.writeVarUint8Array(encoder, update);
  });

/** The awareness update of some clients' states, for a message. */
export const awarenessUpdate = (awareness: awarenessProtocol.Awareness, clients: number[]) =>
  awarenessProtocol.encodeAwarenessUpdate(awareness, clients);

/** What an awareness `update` event names: the clients whose states were added, updated and removed. */
export interface PresenceChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

/** The states an awareness `update` event names, as a message to send on. */
export const changedPresenceMessage = (awareness: awarenessProtocol.Awareness, changes: PresenceChanges) =>
  awarenessMessage(awarenessUpdate(awareness, [...changes.added, ...changes.updated, ...changes.removed]));

/** Server to client: `count` more of the client's sync messages are stored. */
export const storedMessage = (count: number) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, COLLABORATION_MESSAGES.stored);
    encoding.writeVarUint(encoder, count);
  });

/** "Write the item now" (client), and "written" (server). */
export const flushMessage = () => message((encoder) => encoding.writeVarUint(encoder, COLLABORATION_MESSAGES.flush));
