import { useEffect, useState, useSyncExternalStore } from 'react';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { COLLABORATION_FIELD } from '@common/collaboration';
import { DOCUMENT_COPY_PREFIX } from '@/lib/local-data';
import { CollaborationConnection, type SaveState } from './collaboration-connection';

/**
 * An item's live document in this tab: the Yjs document, kept in IndexedDB too, and its connection.
 * `ready` once the editor may show it: the server's state arrived, or (offline) this browser has a copy.
 * Not before: an editor bound to an empty document writes an empty paragraph of its own into it.
 */
export interface LiveSession {
  doc: Y.Doc;
  connection: CollaborationConnection;
  ready: boolean;
}

/** How long to wait for this browser's copy before connecting without it (IndexedDB can be unavailable). */
const LOCAL_COPY_WAIT_MS = 1500;

/**
 * Opens the item's document while the page shows it: this browser's copy first (edits made offline,
 * kept across reloads), then the server's, merged by Yjs. Null until both are under way.
 */
export function useCollaboration(accountId: string, knowledgeId: string): LiveSession | null {
  const [session, setSession] = useState<LiveSession | null>(null);
  useEffect(() => {
    const doc = new Y.Doc();
    const local = new IndexeddbPersistence(`${DOCUMENT_COPY_PREFIX}${knowledgeId}`, doc);
    let connection: CollaborationConnection | undefined;
    let cancelled = false;
    const localCopy = Promise.race([
      local.whenSynced,
      new Promise((resolve) => setTimeout(resolve, LOCAL_COPY_WAIT_MS)),
    ]);
    let stopWatching = () => {};
    void localCopy.then(() => {
      if (cancelled) return;
      const opened = new CollaborationConnection(doc, accountId, knowledgeId);
      connection = opened;
      const isReady = () =>
        opened.hasSynced ||
        opened.saveState === 'ended' ||
        (opened.saveState === 'offline' && doc.getXmlFragment(COLLABORATION_FIELD).length > 0);
      setSession({ doc, connection: opened, ready: isReady() });
      const unsubscribe = opened.subscribe(() => {
        if (!isReady()) return;
        unsubscribe();
        setSession({ doc, connection: opened, ready: true });
      });
      stopWatching = () => void unsubscribe();
    });
    return () => {
      cancelled = true;
      stopWatching();
      connection?.destroy();
      void local.destroy();
      doc.destroy();
    };
  }, [accountId, knowledgeId]);
  return session;
}

/** The connection's save state, as it changes. */
export function useSaveState(connection: CollaborationConnection): SaveState {
  return useSyncExternalStore(connection.subscribe, () => connection.saveState);
}
