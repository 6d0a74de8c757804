import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import type { KnowledgeMap, RelatedItem } from '@common/ai-search';
import { paths } from '@/lib/paths';

/** The citation number an item has in the answer, if the answer cites it. */
function citationOf(knowledgeMap: KnowledgeMap, knowledgeId: string) {
  return Object.entries(knowledgeMap).find(([, item]) => item.knowledgeId === knowledgeId)?.[0];
}

/** The items the answer draws on: title (a link to the item), the section that matched, and its passage. */
export function RelatedItems({
  accountId,
  items,
  knowledgeMap,
  loading,
}: {
  accountId: string;
  items: RelatedItem[];
  knowledgeMap: KnowledgeMap;
  loading: boolean;
}) {
  if (items.length === 0 && !loading) return null;
  return (
    <section aria-labelledby="ai-search-related">
      <h2 id="ai-search-related" className="mb-3 text-sm font-semibold text-muted-foreground">
        Related knowledge
      </h2>
      {items.length === 0 ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading related knowledge">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-xl border bg-muted/50" />
          ))}
        </div>
      ) : (
        <ol className="grid gap-3">
          {items.map((item) => {
            const number = citationOf(knowledgeMap, item.knowledgeId);
            return (
              <li
                key={item.knowledgeId}
                className="relative rounded-xl border bg-card p-4 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/40"
                data-testid="related-item"
              >
                <h3 className="flex items-start gap-2 text-sm font-semibold leading-snug">
                  {number ? (
                    <span className="mt-px inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-accent px-1 text-[0.7rem] text-accent-foreground">
                      {number}
                    </span>
                  ) : (
                    <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <Link
                    to={paths.account(accountId).article(item.shortId)}
                    className="min-w-0 break-words after:absolute after:inset-0 hover:underline focus-visible:outline-none"
                  >
                    {item.title}
                  </Link>
                </h3>
                {item.heading && item.heading !== item.title && (
                  <p className="mt-1 truncate pl-7 text-xs font-medium text-muted-foreground">{item.heading}</p>
                )}
                {item.passage && (
                  <p className="mt-2 line-clamp-3 pl-7 text-sm leading-relaxed text-muted-foreground">{item.passage}</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
