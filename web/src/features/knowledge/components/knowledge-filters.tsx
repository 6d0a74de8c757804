import { useQuery } from '@tanstack/react-query';
import { Check, Search, Tags, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { KnowledgeSort } from '@common/knowledge';
import { Input } from '@/components/ui/input';
import { useSearchShortcut } from '@/lib/use-search-shortcut';
import { useTypedEarly } from '@/lib/use-typed-early';
import { knowledgeTagsQuery } from '../api/knowledge-queries';
import { TagBadge } from './tag-badge';

const SEARCH_DEBOUNCE_MS = 300;

const SORTS: Array<{ value: KnowledgeSort; label: string }> = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
];

/** Keyword and tag filters, and the order of a search; the page keeps them in the URL. */
export function KnowledgeFilters(props: {
  accountId: string;
  search: string;
  tags: string[];
  sort: KnowledgeSort;
  /** The search is over the length limit: the box says so to assistive technology, the list explains. */
  searchInvalid?: boolean;
  onSearch: (search: string) => void;
  onTags: (tags: string[]) => void;
  onSort: (sort: KnowledgeSort) => void;
}) {
  const { accountId, search, tags, sort, searchInvalid, onSearch, onTags, onSort } = props;
  const [text, setText] = useState(search);
  const searchField = useRef<HTMLInputElement>(null);
  useTypedEarly(searchField, text, setText);
  useSearchShortcut(searchField);
  // When the search in the URL changes (typing settled, back/forward, a link), the box shows it.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setText(search);
  }
  const allTags = useQuery(knowledgeTagsQuery(accountId));
  useEffect(() => {
    if (text === search) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);
  const toggle = (tag: string) => onTags(tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            ref={searchField}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search knowledge..."
            aria-label="Search knowledge"
            aria-invalid={searchInvalid || undefined}
            className="pl-9"
          />
        </div>
        {search.trim() !== '' && (
          <div role="group" aria-label="Order of results" className="inline-flex h-9 shrink-0 rounded-lg bg-muted p-1">
            {SORTS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={sort === option.value}
                onClick={() => onSort(option.value)}
                className="flex-1 cursor-pointer whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
              >
                {option.label}
              </button>
            ))}
          </div>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <Tags /> Filter by tag{tags.length > 0 && ` (${tags.length})`}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="max-h-80 w-60 overflow-y-auto">
            <DropdownMenuLabel>All selected tags must match</DropdownMenuLabel>
            {allTags.data?.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">No tags yet</p>}
            {allTags.data?.map(({ tag, count }) => (
              <DropdownMenuItem
                key={tag}
                onSelect={(event) => {
                  event.preventDefault();
                  toggle(tag);
                }}
                role="menuitemcheckbox"
                aria-checked={tags.includes(tag)}
              >
                <Check className={tags.includes(tag) ? 'opacity-100' : 'opacity-0'} />
                <span className="flex-1 truncate">{tag}</span>
                <span className="text-xs text-muted-foreground">{count}</span>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {tags.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" aria-label="Selected tags">
          {tags.map((tag) => (
            <TagBadge key={tag} className="gap-1 py-1 pr-1">
              {tag}
              <button
                type="button"
                onClick={() => toggle(tag)}
                aria-label={`Remove tag filter ${tag}`}
                className="rounded-full p-0.5 hover:bg-primary/15"
              >
                <X className="size-3" />
              </button>
            </TagBadge>
          ))}
        </div>
      )}
    </div>
  );
}
