import { useQuery } from '@tanstack/react-query';
import { MessageCircleQuestion } from 'lucide-react';
import { EXAMPLE_QUESTIONS_SHOWN } from '@common/ai-search';
import { exampleQuestionsQuery } from '../api/example-questions-query';

/** Questions the workspace's items answer; clicking one asks it. Nothing shows when there are none (or they fail to load). */
export function ExampleQuestions({ accountId, onPick }: { accountId: string; onPick: (question: string) => void }) {
  const examples = useQuery(exampleQuestionsQuery(accountId));
  if (examples.isError || (examples.isSuccess && examples.data.length === 0)) return null;

  return (
    <section aria-labelledby="ai-search-examples" className="mt-5">
      <h2 id="ai-search-examples" className="mb-3 text-sm font-medium text-muted-foreground">
        Or try one of these examples:
      </h2>
      {examples.isPending ? (
        <div className="flex flex-wrap gap-2" aria-busy="true" aria-label="Loading examples">
          {Array.from({ length: EXAMPLE_QUESTIONS_SHOWN }, (_, i) => (
            <div key={i} className="h-9 w-48 animate-pulse rounded-full bg-muted" />
          ))}
        </div>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {examples.data.map((question) => (
            <li key={question} className="max-w-full">
              <button
                type="button"
                onClick={() => onPick(question)}
                className="flex max-w-full cursor-pointer items-center gap-2 rounded-full border bg-background px-3.5 py-2 text-left text-sm transition-colors hover:border-primary/40 hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <MessageCircleQuestion className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0">{question}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
