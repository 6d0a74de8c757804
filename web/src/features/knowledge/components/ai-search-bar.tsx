import { Sparkles } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/lib/paths';
import { useTypedEarly } from '@/lib/use-typed-early';

/** A question box that opens the AI search page with the question as ?q=. */
export function AiSearchBar({ accountId }: { accountId: string }) {
  const [question, setQuestion] = useState('');
  const questionField = useRef<HTMLInputElement>(null);
  useTypedEarly(questionField, question, setQuestion);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    navigate(paths.account(accountId).aiSearch(question));
  };
  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label="AI Search"
      className="flex items-center gap-2 rounded-xl border bg-gradient-to-r from-accent/70 to-transparent p-2 pl-3"
    >
      <Sparkles className="size-4 shrink-0 text-primary" />
      <Input
        ref={questionField}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
        placeholder="Ask the AI Search a question about your team's knowledge..."
        aria-label="Ask AI Search"
        className="border-0 bg-transparent shadow-none focus-visible:ring-0"
      />
      <Button type="submit" size="sm" disabled={!question.trim()}>
        Ask AI
      </Button>
    </form>
  );
}
