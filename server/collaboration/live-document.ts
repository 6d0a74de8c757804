import type { Logger } from 'pino';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { COLLABORATION_CLOSE } from '../../common/collaboration';
import {
  awarenessMessage,
  awarenessUpdate,
  flushMessage,
  readMessage,
  step1Message,
  step2Message,
  storedMessage,
  updateMessage,
} from '../../common/collaboration-messages';
import { editKnowledgeItem, type EditDeps } from '../commands/edit-knowledge';
import { nameCurrentVersion } from '../commands/name-version';
import { sanitizeKnowledgeHtml } from '../content/knowledge-html';
import { findKnowledge } from '../data/knowledge';
import {
  appendUpdates,
  compactDocument,
  findCompactedThrough,
  findItemBesideDocument,
  lockDerivedVersion,
  readDocument,
  setDerivedVersion,
  startDocument,
  updatesAfter,
  type StoredDocument,
  type StoredUpdate,
} from '../data/knowledge-documents';
import { AppError } from '../errors';
import { documentHtml, fillDocument, replaceDocumentContent } from './document-html';
import { Collaborator } from './collaborator';

export interface LiveDocumentOptions {
  /** After typing stops this long, the item's HTML, preview and search index follow the document. */
  deriveAfterMs: number;
  /** After this long without a change, the current version is kept as a revision (decision 31's history). */
  quietAfterMs: number;
  /** Stored updates folded into the document's state once this many have been written here. */
  compactEvery: number;
}

/** Origins of changes that are not a client's: read from the database, or an edit saved outside the document. */
const FROM_DATABASE = Symbol('from the database');
const FROM_OUTSIDE = Symbol('an edit saved outside the document');

type Deps = EditDeps;

/**
 * One item's document while anyone edits it on this process: the Yjs document, its awareness (who is
 * here), and the sockets. A client's update is parsed whole, applied, stored, passed on, and only then
 * acknowledged; updates stored by other processes are read back at their notification. The item's HTML
 * follows the document after a pause in typing; an edit saved outside it (the API, a restore) is applied
 * to it. Work that touches the database runs one task at a time (`serially`).
 */
export class LiveDocument {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  private readonly clients = new Map<Collaborator, Set<number>>();
  /** Updates made here (by clients or an outside edit) not yet stored. */
  private unstored: Uint8Array[] = [];
  /** Changes an outside edit made to the document, stored in that edit's transaction. */
  private outsideChanges: Uint8Array[] = [];
  /** The last stored update read into the document. */
  private readThrough = 0;
  private writtenSinceCompaction = 0;
  /** The item's version the document reflects, and the HTML it last wrote. */
  private knownVersion = 0;
  private lastHtml: string | undefined;
  /** Who last changed the text here (the item's `updated_by` when it is written). */
  private lastEditorId: string | undefined;
  /** The text changed here since the history last kept a version (a quiet session keeps one). */
  private changedSinceKept = false;
  private deriveTimer: NodeJS.Timeout | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly accountId: string,
    readonly knowledgeId: string,
    private readonly deps: Deps,
    private readonly options: LiveDocumentOptions,
    private readonly onEmpty: (document: LiveDocument) => void,
  ) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => this.changed(update, origin));
    this.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      const changed = [...added!, ...updated!, ...removed!];
      const message = awarenessMessage(awarenessUpdate(this.awareness, changed));
      for (const client of this.clients.keys()) if (client !== origin) client.send(message);
    });
  }

  /** Loads an item's document: stored, or built from its HTML the first time; then takes in outside edits. */
  static async load(
    deps: Deps,
    item: { accountId: string; knowledgeId: string },
    options: LiveDocumentOptions,
    onEmpty: (document: LiveDocument) => void,
  ): Promise<LiveDocument> {
    const live = new LiveDocument(item.accountId, item.knowledgeId, deps, options, onEmpty);
    const { db } = deps.database;
    let stored = await readDocument(db, item.knowledgeId);
    if (!stored.state) {
      const row = await findKnowledge(db, item.accountId, { id: item.knowledgeId });
      if (!row) throw new AppError(404, 'not_found', 'Knowledge item not found');
      const first = new Y.Doc();
      fillDocument(first, row.content);
      stored = await startDocument(db, item.knowledgeId, Y.encodeStateAsUpdate(first), row.version);
    }
    live.takeStored(stored);
    live.knownVersion = stored.derivedVersion ?? 0;
    await live.serially(() => live.takeInOutsideEdit());
    if (stored.updates.length > 0 || stored.compactedThrough > 0) await live.serially(() => live.catchUp());
    return live;
  }

  /**
   * Stored changes the item never got (the process that took them stopped before writing it): written
   * now, put down to the item's last editor, the only one known. A document never changed is left as it
   * is, even where its HTML is written differently from the item's (the editor's own form of the same text).
   */
  private async catchUp() {
    const item = await findItemBesideDocument(this.deps.database.db, this.accountId, this.knowledgeId);
    if (!item?.updated_by || sanitizeKnowledgeHtml(documentHtml(this.doc), this.accountId) === item.content) return;
    this.lastHtml = item.content;
    this.lastEditorId = item.updated_by;
    this.changedSinceKept = true;
    await this.derive();
  }

  get size() {
    return this.clients.size;
  }

  /** Adds a socket: sends the document's state vector and who is here; its messages are handled in order. */
  join(client: Collaborator) {
    this.clients.set(client, new Set());
    if (client.admission.mode === 'edit') client.send(step1Message(this.doc));
    const present = [...this.awareness.getStates().keys()];
    if (present.length > 0) client.send(awarenessMessage(awarenessUpdate(this.awareness, present)));
  }

  /** Handles one message of a client; a malformed one closes that socket and changes nothing. */
  async receive(client: Collaborator, data: Uint8Array) {
    let message;
    try {
      message = readMessage(data);
    } catch {
      return client.close(COLLABORATION_CLOSE.malformed, 'Malformed message');
    }
    if (message.kind === 'awareness') return this.receivePresence(client, message.update);
    // A reader's socket carries presence only: the text is not theirs to read here, nor to change.
    if (client.admission.mode === 'presence') return client.close(COLLABORATION_CLOSE.malformed, 'Presence only');
    if (message.kind === 'step1') return client.send(step2Message(this.doc, message.stateVector));
    if (message.kind === 'stored') return client.close(COLLABORATION_CLOSE.malformed, 'Not a client message');
    if (message.kind === 'flush') {
      // Editing ends: the item is written now rather than after the pause, so the article shows it at once.
      await this.serially(async () => (await this.store()) && (await this.derive()));
      return client.send(flushMessage());
    }
    try {
      Y.applyUpdate(this.doc, message.update, client);
    } catch {
      return client.close(COLLABORATION_CLOSE.malformed, 'Malformed update');
    }
    const stored = await this.serially(() => this.store());
    if (stored) client.send(storedMessage(1));
  }

  /** Presence as the client says it, but always under the member's own name and colour. */
  private receivePresence(client: Collaborator, update: Uint8Array) {
    try {
      const stamped = awarenessProtocol.modifyAwarenessUpdate(update, (state: unknown) =>
        state === null ? null : { ...(state as object), user: client.identity },
      );
      const before = new Set(this.awareness.getStates().keys());
      awarenessProtocol.applyAwarenessUpdate(this.awareness, stamped, client);
      const ids = this.clients.get(client);
      for (const id of this.awareness.getStates().keys()) if (!before.has(id)) ids?.add(id);
    } catch {
      client.close(COLLABORATION_CLOSE.malformed, 'Malformed presence');
    }
  }

  /** Removes a socket (and its presence); the last one out unloads the document. */
  leave(client: Collaborator) {
    const ids = this.clients.get(client);
    if (!ids) return;
    this.clients.delete(client);
    awarenessProtocol.removeAwarenessStates(this.awareness, [...ids], client);
    if (this.clients.size === 0) this.onEmpty(this);
  }

  /** Closes the sockets that `which` picks, with `code`. */
  closeClients(code: number, reason: string, which: (client: Collaborator) => boolean = () => true) {
    for (const client of [...this.clients.keys()]) if (which(client)) client.close(code, reason);
  }

  /** Another process stored updates: reads them in (and, if it compacted meanwhile, its state). */
  pullStored() {
    return this.serially(async () => {
      const { db } = this.deps.database;
      // Updates not read yet may have been folded into the state by another process: then the state is read too.
      if ((await findCompactedThrough(db, this.knowledgeId)) > this.readThrough)
        this.takeStored(await readDocument(db, this.knowledgeId));
      else this.takeUpdates(await updatesAfter(db, this.knowledgeId, this.readThrough));
    });
  }

  /** The item changed (the live refresh): an edit saved outside the document is applied to it. */
  itemChanged() {
    return this.serially(() => this.takeInOutsideEdit());
  }

  /** Writes what is left, the item's HTML, a revision and one compacted state; then forgets the document. */
  async unload() {
    this.closed = true;
    clearTimeout(this.deriveTimer);
    clearTimeout(this.quietTimer);
    await this.serially(async () => {
      if (!(await this.store())) return;
      await this.derive();
      await this.keepQuietRevision();
      await this.compact();
    });
    this.awareness.destroy();
    this.doc.destroy();
  }

  private takeStored(stored: StoredDocument) {
    if (stored.state) Y.applyUpdate(this.doc, stored.state, FROM_DATABASE);
    if (stored.compactedThrough > this.readThrough) this.readThrough = stored.compactedThrough;
    this.takeUpdates(stored.updates);
  }

  /** Reads stored updates into the document (its own among them change nothing: Yjs applies an update once). */
  private takeUpdates(updates: StoredUpdate[]) {
    if (updates.length === 0) return;
    Y.applyUpdate(this.doc, Y.mergeUpdates(updates.map((stored) => stored.update)), FROM_DATABASE);
    this.readThrough = Math.max(this.readThrough, updates.at(-1)!.id);
  }

  /** Every change is passed to the other sockets at once; one made here is also stored, and the item follows. */
  private changed(update: Uint8Array, origin: unknown) {
    const message = updateMessage(update);
    for (const client of this.clients.keys()) if (client !== origin) client.send(message);
    if (origin === FROM_DATABASE) return;
    if (origin === FROM_OUTSIDE) return void this.outsideChanges.push(update);
    this.unstored.push(update);
    if (origin instanceof Collaborator) this.lastEditorId = origin.userId;
    this.changedSinceKept = true;
    clearTimeout(this.deriveTimer);
    this.deriveTimer = setTimeout(() => void this.serially(() => this.derive()), this.options.deriveAfterMs);
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => void this.serially(() => this.keepQuietRevision()), this.options.quietAfterMs);
  }

  /**
   * Stores the changes made here; true once they are durable. When the database refuses them, every
   * socket is closed (their clients keep what was not acknowledged and send it again on reconnecting)
   * and the document is forgotten, so it is read again from what was stored.
   */
  private async store(): Promise<boolean> {
    if (this.unstored.length === 0) return true;
    const batch = this.unstored;
    this.unstored = [];
    try {
      await appendUpdates(this.deps.database.db, this.knowledgeId, [Y.mergeUpdates(batch)]);
      this.writtenSinceCompaction += 1;
    } catch (error) {
      this.deps.logger.warn({ err: error, knowledgeId: this.knowledgeId }, 'Could not store a live document update');
      this.closeClients(COLLABORATION_CLOSE.shuttingDown, 'Could not store the change');
      return false;
    }
    if (this.writtenSinceCompaction >= this.options.compactEvery) await this.compact();
    return true;
  }

  /** The item's HTML (sanitized), preview and search index from the document, through the one edit path. */
  private async derive(retried = false): Promise<void> {
    const html = sanitizeKnowledgeHtml(documentHtml(this.doc), this.accountId);
    if (html === this.lastHtml || !this.lastEditorId) return;
    try {
      const row = await editKnowledgeItem(this.deps, {
        accountId: this.accountId,
        knowledgeId: this.knowledgeId,
        editorId: this.lastEditorId,
        changes: { content: html },
        baseVersion: this.knownVersion,
        fromDocument: true,
      });
      this.knownVersion = row.version;
      this.lastHtml = html;
    } catch (error) {
      // Saved meanwhile through the API (or by this document on another process): take that in, then write again.
      if (error instanceof AppError && error.code === 'edit_conflict' && !retried) {
        await this.takeInOutsideEdit();
        return this.derive(true);
      }
      if (!(error instanceof AppError && error.status === 404))
        this.deps.logger.warn({ err: error, knowledgeId: this.knowledgeId }, "Could not save a live document's HTML");
    }
  }

  /**
   * An item version the document did not write (the API, a restore) is applied to it, once across
   * every process: under the document's row lock, whoever finds it new applies and stores it, and
   * the others read that update back.
   */
  private async takeInOutsideEdit() {
    const { db } = this.deps.database;
    const item = await findKnowledge(db, this.accountId, { id: this.knowledgeId });
    if (!item || item.version === this.knownVersion) return;
    await db.transaction().execute(async (trx) => {
      const derivedVersion = await lockDerivedVersion(trx, this.knowledgeId);
      const current = await findKnowledge(trx, this.accountId, { id: this.knowledgeId });
      if (!current || derivedVersion === undefined) return;
      if (derivedVersion !== current.version) {
        // Built on everything stored so far, so that its changes are made once, on the latest text.
        this.takeUpdates(await updatesAfter(trx, this.knowledgeId, this.readThrough));
        replaceDocumentContent(this.doc, current.content, FROM_OUTSIDE);
        const made = this.outsideChanges;
        this.outsideChanges = [];
        try {
          if (made.length > 0) await appendUpdates(trx, this.knowledgeId, [Y.mergeUpdates(made)]);
          await setDerivedVersion(trx, this.knowledgeId, current.version);
        } catch (error) {
          this.unstored.push(...made);
          throw error;
        }
      }
      this.knownVersion = current.version;
      this.lastHtml = current.content;
    });
  }

  /** The session went quiet: its current version is kept in the history. */
  private async keepQuietRevision() {
    if (!this.changedSinceKept) return;
    await this.derive();
    this.changedSinceKept = false;
    await nameCurrentVersion(this.deps.database.db, {
      accountId: this.accountId,
      knowledgeId: this.knowledgeId,
      name: null,
    }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.status === 404)) throw error;
    });
  }

  /** Folds the stored updates into one state (garbage-collected: deleted text is gone from it). */
  private async compact() {
    this.writtenSinceCompaction = 0;
    await compactDocument(this.deps.database.db, this.knowledgeId, (state, updates) => {
      const whole = new Y.Doc();
      Y.applyUpdate(whole, state);
      for (const update of updates) Y.applyUpdate(whole, update);
      const merged = Y.encodeStateAsUpdate(whole);
      whole.destroy();
      return merged;
    }).catch((error: unknown) =>
      this.log.warn({ err: error, knowledgeId: this.knowledgeId }, 'Could not compact a live document'),
    );
  }

  private get log(): Logger {
    return this.deps.logger;
  }

  /** Runs database work one task at a time, in order; a failed task does not stop the next. */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work);
    this.tail = run.catch((error: unknown) =>
      this.log.warn({ err: error, knowledgeId: this.knowledgeId }, 'Live document work failed'),
    );
    return run;
  }

  get isClosed() {
    return this.closed;
  }
}
