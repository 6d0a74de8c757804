import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { starsQuery } from '../api/stars-queries';
import { StarList } from './star-list';
import { StarRow } from './star-row';

// dnd-kit loads only when there are stars to reorder; until then the same rows show, handles inert.
const SortableStarList = /* @__PURE__ */ lazy(() =>
  import('./sortable-star-list').then((m) => ({ default: m.SortableStarList })),
);

/** The caller's starred items, reorderable by dragging or by keyboard (Space, arrows, Space). */
export function StarredSection({ accountId }: { accountId: string }) {
  const stars = useQuery(starsQuery(accountId));
  // Drawn by the server (decision 25), the rows come inert: their handles work once the page's code does.
  const hydrated = useHydrated();
  const list = stars.data ?? [];
  if (list.length === 0) return null;

  const still = (
    <StarList>
      {list.map((star) => (
        <StarRow key={star.knowledge_id} accountId={accountId} star={star} />
      ))}
    </StarList>
  );
  return (
    <section aria-labelledby="starred-heading" className="mb-8 rounded-xl border bg-card p-4">
      <div className="mb-3 flex items-center gap-2">
        <Star className="size-4 fill-amber-400 text-amber-400" />
        <h2 id="starred-heading" className="text-sm font-semibold">
          Starred
        </h2>
        <span className="text-xs text-muted-foreground">
          Drag, or focus a handle and use Space and the arrow keys, to reorder.
        </span>
      </div>
      {hydrated ? (
        <Suspense fallback={still}>
          <SortableStarList accountId={accountId} list={list} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
