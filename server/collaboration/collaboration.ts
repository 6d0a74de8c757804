import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as awarenessProtocol from 'y-protocols/awareness';
import { WebSocketServer } from 'ws';
import type { AppDeps } from '../app-env';
import type { EditDeps } from '../commands/edit-knowledge';
import { COLLABORATION_CLOSE, COLLABORATION_LIMITS } from '../../common/collaboration';
import { findMembership } from '../data/account-members';
import { readScopeOf, scopeHolds } from '../data/collection-access';
import { findKnowledge } from '../data/knowledge';
import { AppError } from '../errors';
import {
  documentExists,
  DOCUMENT_PRESENCE_CHANNEL,
  DOCUMENT_UPDATES_CHANNEL,
  MAX_PRESENCE_PAYLOAD,
  publishPresence,
} from '../data/knowledge-documents';
import { usableAuthSessionIds } from '../data/login-sessions';
import type { NumberedChange } from '../data/change-events';
import { knowledgePolicy } from '../policies/knowledge-policy';
import { Collaborator, type Admission } from './collaborator';
import { LiveDocument, type LiveDocumentOptions } from './live-document';

const DEFAULTS: LiveDocumentOptions & { sessionCheckMs: number } = {
  deriveAfterMs: 2000,
  quietAfterMs: 60_000,
  compactEvery: 500,
  /** A backstop to the ends the change feed carries (an expiry passing by itself is not one). */
  sessionCheckMs: 30_000,
};

/** The pauses and thresholds of live documents, and the session check's period. */
export type CollaborationTimings = Partial<typeof DEFAULTS>;

/** Whether the member behind a socket may still see its item: a member, and the item in a collection they see. */
async function seesItem(db: Deps['database']['db'], { accountId, userId, knowledgeId }: Admission): Promise<boolean> {
  const member = await findMembership(db, accountId, userId);
  if (!member) return false;
  const item = await findKnowledge(db, accountId, { id: knowledgeId });
  if (!item) return false;
  return scopeHolds(await readScopeOf(db, { accountId, userId, role: member.role }), item.collection_id);
}

/** The origin of presence heard from another process: not a client here, so every client here is told of it. */
const ELSEWHERE = Symbol('another process');

/** A presence notification's payload, or undefined for one that is not (a wake-up after a reconnect, or garbage). */
function parsePresence(
  payload: string | undefined,
): { from: string; knowledgeId: string; update: Uint8Array } | undefined {
  if (!payload) return undefined;
  try {
    const { from, knowledgeId, update } = JSON.parse(payload) as Record<string, unknown>;
    if (typeof from !== 'string' || typeof knowledgeId !== 'string' || typeof update !== 'string') return undefined;
    return { from, knowledgeId, update: new Uint8Array(Buffer.from(update, 'base64')) };
  } catch {
    return undefined;
  }
}

/** Live co-editing on this process (decision 34): its sockets, and the documents they edit. */
export type Collaboration = ReturnType<typeof createCollaboration>;

type Deps = EditDeps & Pick<AppDeps, 'realtime'>;

/**
 * Admits sockets the collaboration route let through, keeps one `LiveDocument` per item anyone on this
 * process edits, and ends sockets whose access ends, as the change feed tells of it (from any process):
 * a session ended, a member removed or no longer allowed to edit, an item deleted. Updates another
 * process stored reach its documents through a notification.
 */
export function createCollaboration(deps: Deps, overrides: CollaborationTimings = {}) {
  const options = { ...DEFAULTS, ...overrides };
  const { database, logger, realtime } = deps;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: COLLABORATION_LIMITS.maxMessageBytes });
  const admitted = new WeakMap<Request, Admission>();
  const documents = new Map<string, Promise<LiveDocument>>();
  const unloading = new Map<string, Promise<void>>();
  const collaborators = new Set<Collaborator>();
  /**
   * Readers of items no one has opened to edit: their document is not loaded (nor started, which would
   * store a copy of the item's text for every article read) until an editor comes, here or elsewhere.
   */
  const waitingReaders = new Map<string, Set<Collaborator>>();
  let listening: Promise<() => Promise<void>> | undefined;
  let hearingPresence: Promise<() => Promise<void>> | undefined;
  /** Several processes share one PostgreSQL; PGlite is one process, whose documents hold every presence already. */
  const sharesPresence = database.engine === 'postgres';
  const processId = crypto.randomUUID();
  let sessionCheck: NodeJS.Timeout | undefined;
  let closing = false;

  realtime.onSessionsEnded((sessionIds) => {
    const ended = new Set(sessionIds);
    endWhere((client) => ended.has(client.admission.sessionId), COLLABORATION_CLOSE.accessEnded, 'Signed out');
  });
  realtime.onChanges((changes) => void followChanges(changes));

  async function followChanges(changes: NumberedChange[]) {
    for (const change of changes) {
      if (change.table === 'knowledge' && change.op === 'delete') {
        endWhere((client) => client.admission.knowledgeId === change.rowId, COLLABORATION_CLOSE.deleted, 'Deleted');
      } else if (change.table === 'knowledge') {
        // Moved to another collection, perhaps one some of its people may not see (an edit changes nothing there).
        const moved = (client: Collaborator) =>
          client.admission.knowledgeId === change.rowId && change.collectionId !== client.admission.collectionId;
        await recheckScopes(change.accountId, moved);
        for (const client of collaborators)
          if (moved(client) && change.collectionId) client.admission.collectionId = change.collectionId;
        const document = await documents.get(change.rowId)?.catch(() => undefined);
        await document?.itemChanged().catch(() => {});
      } else if (change.table === 'account_members') {
        await recheckMember(change.accountId, change.rowId);
      } else if (change.table === 'collections') {
        await recheckScopes(change.accountId, () => true);
      }
    }
  }

  /** A member's row changed (removed, or a new role): their sockets in that workspace stay only if they may still edit. */
  async function recheckMember(accountId: string, userId: string) {
    const theirs = (client: Collaborator) => client.admission.accountId === accountId && client.userId === userId;
    if (![...collaborators].some(theirs)) return;
    const member = await findMembership(database.db, accountId, userId).catch(() => 'unknown' as const);
    if (member === 'unknown') return;
    const allows = (client: Collaborator) =>
      member && knowledgePolicy[client.admission.mode === 'edit' ? 'write' : 'read'].allows({ role: member.role });
    endWhere((client) => theirs(client) && !allows(client), COLLABORATION_CLOSE.accessEnded, 'No longer allowed');
  }

  /**
   * A collection restricted, its members chosen anew, or an item moved: the sockets `which` picks in the
   * workspace stay only if their item is still in a collection their member sees (decision 35).
   */
  async function recheckScopes(accountId: string, which: (client: Collaborator) => boolean) {
    const clients = [...collaborators].filter((client) => client.admission.accountId === accountId && which(client));
    for (const client of clients) {
      const stillSees = await seesItem(database.db, client.admission).catch(() => true);
      if (!stillSees) client.close(COLLABORATION_CLOSE.accessEnded, 'No longer allowed');
    }
  }

  function endWhere(which: (client: Collaborator) => boolean, code: number, reason: string) {
    for (const client of collaborators) if (which(client)) client.close(code, reason);
  }

  async function checkSessions() {
    const sessionIds = [...new Set([...collaborators].map((client) => client.admission.sessionId))];
    const usable = await usableAuthSessionIds(database.db, sessionIds).catch(() => undefined);
    if (usable)
      endWhere((client) => !usable.has(client.admission.sessionId), COLLABORATION_CLOSE.accessEnded, 'Signed out');
  }

  /** The item's live document on this process, loaded at its first socket (after any unload of it ends). */
  async function documentOf(admission: Admission): Promise<LiveDocument> {
    const { knowledgeId } = admission;
    await unloading.get(knowledgeId);
    let loading = documents.get(knowledgeId);
    if (!loading) {
      loading = LiveDocument.load(deps, admission, options, unload);
      documents.set(knowledgeId, loading);
      loading.then(sharePresence, () => documents.delete(knowledgeId));
    }
    return loading;
  }

  /**
   * Who is here and where their carets are, told to the other processes as it changes here (a client's
   * own change, not one heard from elsewhere): people on two processes see each other as on one.
   */
  function sharePresence(live: LiveDocument) {
    if (!sharesPresence) return;
    live.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      if (!(origin instanceof Collaborator)) return;
      const update = awarenessProtocol.encodeAwarenessUpdate(live.awareness, [...added!, ...updated!, ...removed!]);
      const payload = JSON.stringify({
        from: processId,
        knowledgeId: live.knowledgeId,
        update: Buffer.from(update).toString('base64'),
      });
      if (payload.length <= MAX_PRESENCE_PAYLOAD) void publishPresence(database.db, payload).catch(() => {});
    });
  }

  /** Presence another process told of, taken into this process's document of the item (if it has it open). */
  async function hearPresence(payload: string | undefined) {
    const told = parsePresence(payload);
    if (!told || told.from === processId) return;
    // Someone is in the item on another process: readers waiting for it here join its document now.
    const waiting = waitingReaders.get(told.knowledgeId);
    if (waiting?.size) await Promise.all([...waiting].map((reader) => joinDocument(reader)));
    const live = await documents.get(told.knowledgeId)?.catch(() => undefined);
    if (live && !live.isClosed) awarenessProtocol.applyAwarenessUpdate(live.awareness, told.update, ELSEWHERE);
  }

  function unload(document: LiveDocument) {
    if (document.isClosed) return;
    documents.delete(document.knowledgeId);
    const done = document
      .unload()
      .catch((error: unknown) => logger.warn({ err: error }, 'Could not unload a live document'))
      .finally(() => unloading.delete(document.knowledgeId));
    unloading.set(document.knowledgeId, done);
  }

  async function connect(socket: import('ws').WebSocket, admission: Admission) {
    const client = new Collaborator(socket, admission);
    collaborators.add(client);
    client.onClose(() => {
      collaborators.delete(client);
      waitingReaders.get(admission.knowledgeId)?.delete(client);
      void documents.get(admission.knowledgeId)?.then(
        (live) => live.leave(client),
        () => {},
      );
    });
    try {
      // The feed tells of ends of access; it starts with the first page or socket.
      await realtime.changePosition();
      listening ??= database.listen(DOCUMENT_UPDATES_CHANNEL, () => {
        for (const loading of documents.values()) void loading.then((live) => live.pullStored()).catch(() => {});
      });
      await listening;
      if (sharesPresence)
        await (hearingPresence ??= database.listen(DOCUMENT_PRESENCE_CHANNEL, (payload) => void hearPresence(payload)));
      sessionCheck ??= setInterval(() => void checkSessions(), options.sessionCheckMs).unref();
      const reader = admission.mode === 'presence';
      if (
        reader &&
        !documents.has(admission.knowledgeId) &&
        !(await documentExists(database.db, admission.knowledgeId))
      ) {
        const waiting = waitingReaders.get(admission.knowledgeId) ?? new Set();
        waitingReaders.set(admission.knowledgeId, waiting.add(client));
        return;
      }
    } catch (error) {
      logger.warn({ err: error, knowledgeId: admission.knowledgeId }, 'Could not open a live document');
      return client.close(COLLABORATION_CLOSE.shuttingDown, 'Could not open the document');
    }
    await joinDocument(client);
    // An editor's document is open now: readers waiting for the item join it.
    if (admission.mode === 'edit')
      await Promise.all([...(waitingReaders.get(admission.knowledgeId) ?? [])].map((reader) => joinDocument(reader)));
  }

  /** Joins a client to its item's live document, loading the document first if this process has it closed. */
  async function joinDocument(client: Collaborator) {
    const { admission } = client;
    waitingReaders.get(admission.knowledgeId)?.delete(client);
    let document: LiveDocument;
    try {
      document = await documentOf(admission);
    } catch (error) {
      if (error instanceof AppError && error.status === 404)
        return client.close(COLLABORATION_CLOSE.deleted, 'Deleted');
      logger.warn({ err: error, knowledgeId: admission.knowledgeId }, 'Could not open a live document');
      return client.close(COLLABORATION_CLOSE.shuttingDown, 'Could not open the document');
    }
    if (!collaborators.has(client)) return document.size === 0 ? unload(document) : undefined;
    document.join(client);
    client.onMessage((data) => document.receive(client, data));
  }

  return {
    /** The route admitted this request (its checks passed): the upgrade handler opens the socket. */
    admit(request: Request, admission: Admission) {
      if (closing) return false;
      admitted.set(request, admission);
      return true;
    },

    /** Upgrades an admitted request to a socket; answers false for one the route did not admit. */
    upgrade(request: Request, incoming: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const admission = admitted.get(request);
      if (!admission) return false;
      admitted.delete(request);
      sockets.handleUpgrade(incoming, socket, head, (ws) => void connect(ws, admission));
      return true;
    },

    /** Whether this process holds the item's document open (or is still writing it as it unloads). */
    isOpen(knowledgeId: string) {
      return documents.has(knowledgeId) || unloading.has(knowledgeId);
    },

    /** How many item documents this process holds open, and how many sockets. */
    get openDocuments() {
      return documents.size;
    },
    get openSockets() {
      return collaborators.size;
    },
    /** Readers of items no one edits, waiting for a document. */
    get waitingReaders() {
      return [...waitingReaders.values()].reduce((sum, readers) => sum + readers.size, 0);
    },

    /** Closes every socket (clients reconnect, to another process or this one once back) and writes every document. */
    async close() {
      closing = true;
      clearInterval(sessionCheck);
      endWhere(() => true, COLLABORATION_CLOSE.shuttingDown, 'Lore is stopping');
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([...documents.values()].map((loading) => loading.then((live) => unload(live)).catch(() => {})));
      await Promise.all(unloading.values());
      sockets.close();
      await (
        await listening?.catch(() => undefined)
      )?.();
      await (
        await hearingPresence?.catch(() => undefined)
      )?.();
    },
  };
}
