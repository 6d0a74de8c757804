import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_TAGS, TAG_MAX_LENGTH } from '@common/knowledge';
import { cn } from '@/lib/utils';
import { knowledgeTagsQuery } from '../api/knowledge-queries';
import { TagBadge } from './tag-badge';

const MAX_SUGGESTIONS = 8;

/** Tags as chips: Enter or comma adds, Backspace removes the last, suggestions come from the account's tags. */
export function TagsInput({
  accountId,
  value,
  onChange,
}: {
  accountId: string;
  value: string[];
  onChange: (tags: string[]) => void;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const listId = useId();
  const known = useQuery(knowledgeTagsQuery(accountId));
  const has = (tag: string) => value.some((t) => t.toLowerCase() === tag.toLowerCase());
  const query = text.trim().toLowerCase();
  const suggestions = (known.data ?? [])
    .map((entry) => entry.tag)
    .filter((tag) => !has(tag) && (query === '' || tag.toLowerCase().includes(query)))
    .slice(0, MAX_SUGGESTIONS);

  const add = (raw: string) => {
    const tag = raw.trim().slice(0, TAG_MAX_LENGTH);
    if (tag && !has(tag) && value.length < MAX_TAGS) onChange([...value, tag]);
    setText('');
    setHighlight(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const chosen = open && suggestions[highlight] && query !== '' ? suggestions[highlight] : undefined;
    if (event.key === 'Enter' || event.key === ',') {
      if (!text.trim() && event.key === 'Enter') return;
      event.preventDefault();
      add(chosen ?? text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    } else if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setHighlight((h) => (h + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setHighlight((h) => (h - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <div className="flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border bg-background px-2 py-1.5 shadow-xs focus-within:ring-2 focus-within:ring-ring">
        {value.map((tag) => (
          <TagBadge key={tag} className="gap-1 py-1 pr-1">
            {tag}
            <button
              type="button"
              onClick={() => onChange(value.filter((t) => t !== tag))}
              aria-label={`Remove tag ${tag}`}
              className="rounded-full p-0.5 hover:bg-primary/15"
            >
              <X className="size-3" />
            </button>
          </TagBadge>
        ))}
        <input
          id="knowledge-tags"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setHighlight(0);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            if (text.trim()) add(text);
          }}
          placeholder={value.length === 0 ? 'Add tags, then press Enter' : ''}
          className="min-w-32 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground"
          role="combobox"
          aria-expanded={open && suggestions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
        />
      </div>
      {open && suggestions.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Tag suggestions"
          className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border bg-card p-1 shadow-md"
        >
          {suggestions.map((tag, i) => (
            <li
              key={tag}
              role="option"
              aria-selected={i === highlight}
              onMouseDown={(event) => {
                event.preventDefault();
                add(tag);
              }}
              className={cn(
                'cursor-pointer rounded-md px-2 py-1.5 text-sm',
                i === highlight && query !== '' ? 'bg-muted' : 'hover:bg-muted',
              )}
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
