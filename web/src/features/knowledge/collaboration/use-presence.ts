import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type { CollaboratorIdentity } from '@common/collaboration';

/** The other people in the item now, one entry each however many tabs they have open, by name. */
export function usePresence(awareness: Awareness): CollaboratorIdentity[] {
  const snapshot = useRef<{ key: string; people: CollaboratorIdentity[] }>({ key: '', people: [] });
  const subscribe = useCallback(
    (listener: () => void) => {
      awareness.on('change', listener);
      return () => awareness.off('change', listener);
    },
    [awareness],
  );
  const read = useCallback(() => {
    const people = new Map<string, CollaboratorIdentity>();
    for (const [clientId, state] of awareness.getStates()) {
      const user = (state as { user?: CollaboratorIdentity }).user;
      if (clientId !== awareness.clientID && user?.id) people.set(user.id, user);
    }
    const sorted = [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
    const key = JSON.stringify(sorted);
    // The same list object while nothing changed, as useSyncExternalStore requires.
    if (key !== snapshot.current.key) snapshot.current = { key, people: sorted };
    return snapshot.current.people;
  }, [awareness]);
  return useSyncExternalStore(subscribe, read, read);
}
