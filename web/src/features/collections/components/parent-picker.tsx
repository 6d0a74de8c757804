import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { treeLevelQuery } from '../api/collections-queries';

/** A page on the way down to a parent, and whether pages sit under it (unknown for one named by a link). */
export interface PathStep {
  id: string;
  title: string;
  hasChildren?: boolean;
}

const MORE = 'more';

/**
 * Choosing a parent page a level at a time, each level a native select read as it is reached
 * (a collection's tree is never read whole): "Under" names a page at the top of the collection,
 * then "Inside “…”" one of that page's pages, and so on. `path` is the chosen way down; its last
 * step is the parent (none: the top). `exclude` (a page being moved) is never offered.
 */
export function ParentPicker(props: {
  accountId: string;
  collectionId: string;
  path: readonly PathStep[];
  onChange: (path: PathStep[]) => void;
  exclude?: string;
  disabled?: boolean;
}) {
  const { path } = props;
  // A chosen page known to have no pages under it opens no level of its own.
  const parents = [null, ...(path.at(-1)?.hasChildren === false ? path.slice(0, -1) : path)];
  return (
    <>
      {parents.map((parent, depth) => (
        <LevelSelect
          key={parent?.id ?? 'top'}
          {...props}
          parent={parent}
          chosen={path[depth]}
          onChoose={(step) => props.onChange(step ? [...path.slice(0, depth), step] : path.slice(0, depth))}
        />
      ))}
    </>
  );
}

function LevelSelect(props: {
  accountId: string;
  collectionId: string;
  parent: PathStep | null;
  chosen: PathStep | undefined;
  onChoose: (step: PathStep | null) => void;
  exclude?: string;
  disabled?: boolean;
}) {
  const { parent, chosen } = props;
  const id = useId();
  const level = useInfiniteQuery(treeLevelQuery(props.accountId, props.collectionId, parent?.id ?? null));
  const items = (level.data?.pages.flatMap((page) => page.items) ?? []).filter((item) => item.id !== props.exclude);
  // Below the top, a level with no pages offers nothing to choose.
  if (parent && level.isSuccess && items.length === 0) return null;
  const options: PathStep[] = chosen && !items.some((item) => item.id === chosen.id) ? [chosen, ...items] : items;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{parent ? `Inside “${parent.title}”` : 'Under'}</Label>
      <Select
        id={id}
        value={chosen?.id ?? ''}
        disabled={props.disabled || level.isPending}
        onChange={(event) => {
          if (event.target.value === MORE) return void level.fetchNextPage();
          const picked = options.find((option) => option.id === event.target.value);
          props.onChoose(picked ? { id: picked.id, title: picked.title, hasChildren: picked.hasChildren } : null);
        }}
      >
        <option value="">{parent ? `“${parent.title}” itself` : 'The top of the collection'}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
        {level.hasNextPage && <option value={MORE}>{level.isFetchingNextPage ? 'Loading…' : 'More pages…'}</option>}
      </Select>
      {level.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load these pages: {level.error.message}
        </p>
      )}
    </div>
  );
}
