import { Search, Sparkles, Square } from 'lucide-react';
import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { QUESTION_MAX_LENGTH } from '@common/ai-search';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSearchShortcut } from '@/lib/use-search-shortcut';

/** The question box: Enter or the button asks; the button waits for text and for the running search; Cancel stops it. */
export function SearchForm({
  value,
  onChange,
  onSearch,
  onCancel,
  searching,
}: {
  value: string;
  onChange: (value: string) => void;
  onSearch: (question: string) => void;
  onCancel: () => void;
  searching: boolean;
}) {
  const blank = !value.trim();
  const field = useRef<HTMLInputElement>(null);
  useSearchShortcut(field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!searching) onSearch(value);
  };
  // A form whose button is disabled ignores Enter; a blank Enter still deserves the "Empty Search" answer.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && blank && !searching) onSearch(value);
  };

  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label="AI Search"
      className="flex flex-wrap items-center gap-2 rounded-xl border bg-card p-2 pl-3 shadow-sm focus-within:ring-2 focus-within:ring-ring sm:flex-nowrap"
    >
      <Sparkles className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <Input
        ref={field}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={QUESTION_MAX_LENGTH}
        placeholder="Ask a question about your team's knowledge..."
        aria-label="Ask AI Search"
        autoFocus
        className="h-10 min-w-0 flex-1 border-0 bg-transparent px-1 text-base shadow-none focus-visible:ring-0 sm:text-sm"
      />
      <div className="flex w-full gap-2 sm:w-auto">
        {searching && (
          <Button type="button" variant="outline" onClick={onCancel} className="flex-1 sm:flex-none">
            <Square /> Cancel
          </Button>
        )}
        <Button type="submit" disabled={blank || searching} className="flex-1 sm:flex-none">
          <Search /> {searching ? 'Searching...' : 'Search'}
        </Button>
      </div>
    </form>
  );
}
