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
 * The tree's open and folded branches, kept in this browser across pages and visits. A page
 * drawn on the server shows the tree as it starts (collections open, pages closed); the
 * browser's own state follows once it is running.
 */
export function useTreeState(accountId: string) {
  const key = keyOf(accountId);
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => '[]',
  );
  const toggled = useMemo(() => parse(raw), [raw]);
  const save = (next: ReadonlySet<string>) => write(key, JSON.stringify([...next]));
  const flip = (entry: string) => {
    const next = new Set(toggled);
    if (!next.delete(entry)) next.add(entry);
    save(next);
  };
  return {
    /** A collection is open unless folded. */
    collectionOpen: (id: string) => !toggled.has(`c:${id}`),
    /** A page's branch is closed unless opened. */
    itemOpen: (id: string) => toggled.has(`i:${id}`),
    toggleCollection: (id: string) => flip(`c:${id}`),
    toggleItem: (id: string) => flip(`i:${id}`),
    /** Opens these pages' branches (the current page's ancestors), if they are not open. */
    openItems: (ids: string[]) => {
      const current = parse(read(key));
      const missing = ids.filter((id) => !current.has(`i:${id}`));
      if (missing.length > 0) save(new Set([...current, ...missing.map((id) => `i:${id}`)]));
    },
  };
}
