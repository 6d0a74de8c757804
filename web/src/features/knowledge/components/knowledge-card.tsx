import { LoaderCircle, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { KnowledgeSummaryDto } from '@common/knowledge';
import { KNOWLEDGE_PDFS_BUCKET, secureImageUrl } from '@common/files';
import { StarButton } from '@/features/stars';
import { paths } from '@/lib/paths';
import { useLocalDate } from '@/lib/use-local-date';
import { cardText, commentCount, visibleTags } from '../lib/card-text';
import { TagBadge } from './tag-badge';

/**
 * A 450 px card: title, author and date, a plain-text preview (or 'No content yet'), at most 3 tags plus '+N', and a star.
 * A card out of view is neither laid out nor painted until it comes near (content-visibility): a page of 20 cards costs
 * the phone only the few it shows.
 */
export function KnowledgeCard({ accountId, item }: { accountId: string; item: KnowledgeSummaryDto }) {
  const { shown, more } = visibleTags(item.tags);
  const text = cardText(item.preview, item.ai_summary);
  const updatedOn = useLocalDate(item.updated_at);
  return (
    <article
      className="group relative flex h-[450px] flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-colors [contain-intrinsic-size:auto_450px] [content-visibility:auto] hover:border-primary/40 focus-within:ring-2 focus-within:ring-ring"
      data-testid="knowledge-card"
    >
      <div className="flex items-start gap-2 p-5 pb-3">
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-base font-semibold leading-snug wrap-anywhere">
            <Link
              to={paths.account(accountId).article(item.short_id)}
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              {item.title}
            </Link>
          </h3>
          <p className="mt-1.5 flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
            <span>
              {item.author_name ?? 'Unknown Author'} · {updatedOn}
            </span>
            {item.comment_count > 0 && (
              <span className="inline-flex items-center gap-1" data-testid="card-comment-count">
                <span aria-hidden="true">·</span>
                <MessageSquare className="size-3" aria-hidden="true" />
                <span aria-hidden="true">{item.comment_count}</span>
                <span className="sr-only">{commentCount(item.comment_count)}</span>
              </span>
            )}
          </p>
        </div>
        <StarButton accountId={accountId} item={item} className="relative z-10 -mr-2 -mt-1 shrink-0" />
      </div>
      {item.pdf_thumbnail_path && (
        <div className="relative mx-5 mb-3 h-36 shrink-0">
          <img
            src={secureImageUrl(KNOWLEDGE_PDFS_BUCKET, item.pdf_thumbnail_path)}
            alt=""
            loading="lazy"
            className="h-full w-full rounded-md border bg-white object-cover object-top"
            data-testid="pdf-thumbnail"
          />
          {item.pdf_processing && (
            // The server is still reading the PDF's text (decision 28); the live refresh ends this.
            <span
              role="status"
              className="absolute bottom-2 left-2 inline-flex items-center gap-1.5 rounded-full bg-background/90 px-2.5 py-1 text-xs font-medium text-foreground shadow-sm"
              data-testid="pdf-processing"
            >
              <LoaderCircle className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Processing PDF…
            </span>
          )}
        </div>
      )}
      {text.trim() ? (
        <p className="relative mx-5 flex-1 overflow-hidden whitespace-pre-line text-sm leading-relaxed text-muted-foreground [mask-image:linear-gradient(to_bottom,black_75%,transparent)]">
          {text}
        </p>
      ) : (
        // An item without a body (or only a PDF, whose thumbnail shows above) says so quietly instead of a blank card.
        <p className="mx-5 flex flex-1 items-center justify-center text-sm text-muted-foreground">
          {item.pdf_thumbnail_path ? '' : 'No content yet'}
        </p>
      )}
      <div className="flex min-h-14 flex-wrap items-center gap-1.5 border-t px-5 py-3">
        {shown.map((tag) => (
          <TagBadge key={tag}>{tag}</TagBadge>
        ))}
        {more > 0 && <TagBadge className="bg-muted text-muted-foreground">+{more}</TagBadge>}
        {item.tags.length === 0 && <span className="text-xs text-muted-foreground">No tags</span>}
      </div>
    </article>
  );
}
