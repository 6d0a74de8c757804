import { useEffect, useState } from 'react';
import { Initials } from '@/components/layout/initials';
import type { ItemPresence } from '../collaboration/item-presence';
import { usePresence } from '../collaboration/use-presence';

/**
 * Who else is in the item while one reads its article: those editing it and those reading it, live
 * (decision 34). Its socket and Yjs load after the article is drawn, never with it.
 */
export function ArticlePresence({ accountId, knowledgeId }: { accountId: string; knowledgeId: string }) {
  const [presence, setPresence] = useState<ItemPresence | null>(null);
  useEffect(() => {
    let live: ItemPresence | undefined;
    let gone = false;
    void import('../collaboration/item-presence').then(({ ItemPresence }) => {
      if (gone) return;
      live = new ItemPresence(accountId, knowledgeId);
      setPresence(live);
    });
    return () => {
      gone = true;
      live?.destroy();
      setPresence(null);
    };
  }, [accountId, knowledgeId]);
  return presence ? <PeopleHere presence={presence} /> : null;
}

function PeopleHere({ presence }: { presence: ItemPresence }) {
  const people = usePresence(presence.awareness);
  if (people.length === 0) return null;
  return (
    <ul aria-label="Also here" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      {people.map((person) => (
        <li key={person.id} className="flex items-center gap-2" data-testid="present-person">
          <span className="rounded-full p-0.5" style={{ backgroundColor: person.color }}>
            <Initials name={person.name} className="size-6 rounded-full" />
          </span>
          <span>
            {person.name} <span className="text-muted-foreground">{person.reading ? 'reading' : 'editing'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
