// Icons already in the shared icons chunk (every lucide icon is in the knowledge list's first load).
import { Check, LoaderCircle, WifiOff } from 'lucide-react';
import { Initials } from '@/components/layout/initials';
import type { CollaborationConnection, SaveState } from './collaboration-connection';
import { useSaveState } from './use-collaboration';
import { usePresence } from './use-presence';

const SAVE_TEXT: Record<SaveState, string> = {
  connecting: 'Connecting…',
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline: your changes are kept on this device',
  ended: 'Editing ended: you can no longer edit this item here',
};

/** Above the editor: who else is editing (initials and names), and whether the text is saved. */
export function PresenceBar({ connection }: { connection: CollaborationConnection }) {
  const state = useSaveState(connection);
  // Readers of the article are in the item, not editing it: the article lists them.
  const people = usePresence(connection.awareness).filter((person) => !person.reading);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 px-4 py-2 text-sm">
      <ul aria-label="Also editing" className="flex flex-wrap items-center gap-3">
        {people.length === 0 && <li className="text-muted-foreground">Only you are editing</li>}
        {people.map((person) => (
          <li key={person.id} className="flex items-center gap-2" data-testid="collaborator">
            <span className="rounded-full p-0.5" style={{ backgroundColor: person.color }}>
              <Initials name={person.name} className="size-6 rounded-full" />
            </span>
            <span>{person.name}</span>
          </li>
        ))}
      </ul>
      <p
        role="status"
        aria-live="polite"
        data-testid="save-state"
        data-state={state}
        className="flex items-center gap-1.5"
      >
        {state === 'saving' || state === 'connecting' ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : state === 'saved' ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <WifiOff className="size-4" aria-hidden="true" />
        )}
        {SAVE_TEXT[state]}
      </p>
    </div>
  );
}
