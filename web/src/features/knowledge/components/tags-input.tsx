import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_TAGS, TAG_MAX_LENGTH, TOO_MANY_TAGS } from '@common/knowledge-limits';
import { cn } from '@/lib/utils';
import { knowledgeTagsQuery } from '../api/knowledge-queries';
import { cutToLimit, isNearLimit, TAG_CUT, tagCounter } from '../lib/field-limits';
import { FieldLimit } from './field-limit';
import { TagBadge } from './tag-badge';

const MAX_SUGGESTIONS = 8;
/** No suggestion chosen: Enter adds the typed text as it is. */
const NONE = -1;

/**
 * Tags as chips: Enter or comma adds exactly what was typed, unless a suggestion
 * was chosen with the arrow keys (Enter) or the mouse; Backspace removes the last.
 * Suggestions come from the account's tags. The limits (MAX_TAGS tags of at most
 * TAG_MAX_LENGTH characters) show as counters near them and as a note when met.
 */
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
  const [highlight, setHighlight] = useState(NONE);
  const [note, setNote] = useState<string | null>(null);
  const listId = useId();
  const hintId = useId();
  const known = useQuery(knowledgeTagsQuery(accountId));
  const has = (tag: string) => value.some((t) => t.toLowerCase() === tag.toLowerCase());
  const query = text.trim().toLowerCase();
  const suggestions = (known.data ?? [])
    .map((entry) => entry.tag)
    .filter((tag) => !has(tag) && (query === '' || tag.toLowerCase().includes(query)))
    .slice(0, MAX_SUGGESTIONS);
  const listShown = open && suggestions.length > 0;
  const chosen = listShown && highlight !== NONE ? suggestions[highlight] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const add = (raw: string) => {
    const typed = raw.trim();
    if (!typed) return;
    // Full: keep the text, so nothing typed is lost, and say why it was not added.
    if (value.length >= MAX_TAGS) return setNote(TOO_MANY_TAGS);
    const { text: tag, cut } = cutToLimit(typed, TAG_MAX_LENGTH);
    if (!has(tag.trim())) onChange([...value, tag.trim()]);
    setNote(cut ? TAG_CUT : null);
    setText('');
    setHighlight(NONE);
    setOpen(false);
  };
  const move = (step: 1 | -1) => {
    if (!listShown) {
      setOpen(true);
      setHighlight(step === 1 ? 0 : suggestions.length - 1);
    } else {
      setHighlight((h) =>
        h === NONE ? (step === 1 ? 0 : suggestions.length - 1) : (h + step + suggestions.length) % suggestions.length,
      );
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && chosen) {
      event.preventDefault();
      add(chosen);
    } else if (event.key === 'Enter' || event.key === ',') {
      // Enter in an empty field saves the form, as in any other field.
      if (!text.trim() && event.key === 'Enter') return;
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
      setNote(null);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length > 0) {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape' && listShown) {
      event.preventDefault();
      setOpen(false);
      setHighlight(NONE);
    }
  };

  const counters = [
    isNearLimit(text.trim().length, TAG_MAX_LENGTH) && `${text.trim().length}/${TAG_MAX_LENGTH} characters`,
    isNearLimit(value.length, MAX_TAGS) && tagCounter(value.length),
  ].filter(Boolean);
  const over = text.trim().length > TAG_MAX_LENGTH || (value.length >= MAX_TAGS && text.trim() !== '');

  return (
    <div className="relative grid gap-1.5">
      <div className="flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border bg-background px-2 py-1.5 shadow-xs focus-within:ring-2 focus-within:ring-ring">
        {value.map((tag) => (
          <TagBadge key={tag} className="gap-1 py-1 pr-1">
            {tag}
            <button
              type="button"
              onClick={() => {
                onChange(value.filter((t) => t !== tag));
                setNote(null);
              }}
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
            setHighlight(NONE);
            setNote(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setHighlight(NONE);
            if (text.trim()) add(text);
          }}
          placeholder={value.length === 0 ? 'Add tags, then press Enter' : ''}
          className="min-w-32 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground"
          role="combobox"
          aria-expanded={listShown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={chosen ? optionId(highlight) : undefined}
          aria-describedby={hintId}
        />
      </div>
      {listShown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Tag suggestions"
          className="absolute top-full z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border bg-card p-1 shadow-md"
        >
          {suggestions.map((tag, i) => (
            <li
              key={tag}
              id={optionId(i)}
              role="option"
              aria-selected={i === highlight}
              onMouseDown={(event) => {
                event.preventDefault();
                add(tag);
              }}
              className={cn(
                'cursor-pointer truncate rounded-md px-2 py-1.5 text-sm',
                i === highlight ? 'bg-muted' : 'hover:bg-muted',
              )}
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
      <FieldLimit id={hintId} note={note} counter={counters.join(' · ')} over={over} />
    </div>
  );
}
