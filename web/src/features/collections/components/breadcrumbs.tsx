import { ChevronRight, FileText } from 'lucide-react';
import { Link } from 'react-router';
import type { KnowledgeLinkDto } from '@common/knowledge';
import { paths } from '@/lib/paths';

/** Where an article sits: its collection (its filtered list), then its ancestors from the top down. */
export function Breadcrumbs(props: {
  accountId: string;
  collection: { id: string; name: string };
  ancestors: KnowledgeLinkDto[];
}) {
  const account = paths.account(props.accountId);
  const link =
    'rounded-sm hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <nav aria-label="Breadcrumbs" className="mb-3 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link className={link} to={account.knowledge({ collection: props.collection.id })}>
            {props.collection.name}
          </Link>
        </li>
        {props.ancestors.map((ancestor) => (
          <li key={ancestor.id} className="flex items-center gap-1">
            <ChevronRight className="size-3.5" aria-hidden="true" />
            <Link className={`${link} wrap-anywhere`} to={account.article(ancestor.shortId)}>
              {ancestor.title}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The pages directly under an article, in their order. */
export function ChildPages({ accountId, pages }: { accountId: string; pages: KnowledgeLinkDto[] }) {
  if (pages.length === 0) return null;
  return (
    <section aria-labelledby="child-pages" className="mt-10 border-t pt-6">
      <h2 id="child-pages" className="mb-3 text-sm font-semibold">
        Pages in this page
      </h2>
      <ul className="grid gap-1 sm:grid-cols-2">
        {pages.map((page) => (
          <li key={page.id}>
            <Link
              to={paths.account(accountId).article(page.shortId)}
              className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="wrap-anywhere">{page.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
