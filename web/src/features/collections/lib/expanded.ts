import { useMemo, useSyncExternalStore } from 'react';

/** Where the sidebar keeps, per workspace, which collections are folded and which pages are opened. */
const keyOf = (accountId: string) => `lore-tree-${accountId}`;

/** Kept here too, for a browser that refuses local storage (private browsing, a full store). */
const memory = new Map<string, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? memory.get(key) ?? '[]';
  } catch {
    return memory.get(key) ?? '[]';
  }
}

function write(key: string, value: string) {
  memory.set(key, value);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Kept in memory for this page.
  }
  for (const listener of listeners) listener();
}

function parse(raw: string): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(raw);
    return new Set(Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * The tree's open collections and pages, kept in this browser across pages and visits. Both
 * start folded: a workspace's fifty collections open at once would be a wall of pages, and
 * each open one is read from the server. A page drawn on the server shows the tree folded;
 * the browser's own state follows once it is running.
 */
export function useTreeState(accountId: string) {
  const key = keyOf(accountId);
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => '[]',
  );
  const opened = useMemo(() => parse(raw), [raw]);
  const save = (next: ReadonlySet<string>) => write(key, JSON.stringify([...next]));
  const flip = (entry: string) => {
    const next = new Set(opened);
    if (!next.delete(entry)) next.add(entry);
    save(next);
  };
  return {
    // 'o:' for a collection: 'c:' once marked a folded one, when collections started open.
    collectionOpen: (id: string) => opened.has(`o:${id}`),
    itemOpen: (id: string) => opened.has(`i:${id}`),
    toggleCollection: (id: string) => flip(`o:${id}`),
    toggleItem: (id: string) => flip(`i:${id}`),
    /** Opens a collection and pages in it (the page on show's), where they are not open. */
    openPlace: (collectionId: string, itemIds: string[]) => {
      const current = parse(read(key));
      const wanted = [`o:${collectionId}`, ...itemIds.map((id) => `i:${id}`)];
      const missing = wanted.filter((entry) => !current.has(entry));
      if (missing.length > 0) save(new Set([...current, ...missing]));
    },
  };
}
