import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type { CollaboratorIdentity } from '@common/collaboration';

/** Someone in the item: `reading` when only reading its article (in no tab editing it). */
export type PresentPerson = CollaboratorIdentity & { reading: boolean };

/** The other people in the item now, one entry each however many tabs they have open, by name. */
export function usePresence(awareness: Awareness): PresentPerson[] {
  const snapshot = useRef<{ key: string; people: PresentPerson[] }>({ key: '', people: [] });
  const subscribe = useCallback(
    (listener: () => void) => {
      awareness.on('change', listener);
      return () => awareness.off('change', listener);
    },
    [awareness],
  );
  const read = useCallback(() => {
    const people = new Map<string, PresentPerson>();
    for (const [clientId, state] of awareness.getStates()) {
      const { user, viewing } = state as { user?: CollaboratorIdentity; viewing?: boolean };
      if (clientId === awareness.clientID || !user?.id) continue;
      const reading = viewing === true && (people.get(user.id)?.reading ?? true);
      people.set(user.id, { ...user, reading });
    }
    const sorted = [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
    const key = JSON.stringify(sorted);
    // The same list object while nothing changed, as useSyncExternalStore requires.
    if (key !== snapshot.current.key) snapshot.current = { key, people: sorted };
    return snapshot.current.people;
  }, [awareness]);
  return useSyncExternalStore(subscribe, read, read);
}
