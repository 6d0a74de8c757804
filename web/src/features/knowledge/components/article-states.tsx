import { ArrowLeft, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { listPathFor } from '../lib/list-path';

const SLOW_HINT_MS = 10_000;

/** The article is loading; after 10 s a hint says it is slow (spec section 9). */
export function ArticleLoading() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_HINT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex flex-col items-center gap-3 py-24 text-sm text-muted-foreground">
      <Spinner label="Loading article" />
      {slow && <p>This is taking longer than expected...</p>}
    </div>
  );
}

/** 'Failed to load article' with the reason, Back and Try Again. */
export function ArticleLoadError({
  accountId,
  message,
  onRetry,
}: {
  accountId: string;
  message: string;
  onRetry: () => void;
}) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-20 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert className="size-6" />
      </div>
      <h1 className="text-xl font-semibold">Failed to load article</h1>
      <p className="mt-2 text-sm text-muted-foreground">{message}</p>
      <div className="mt-6 flex gap-3">
        <Button variant="outline" onClick={() => navigate(listPathFor(accountId))}>
          <ArrowLeft /> Back
        </Button>
        <Button onClick={onRetry}>Try Again</Button>
      </div>
    </div>
  );
}

/** The item was deleted (by someone else) while it was open: said plainly, with the way back. */
export function ArticleDeleted({ accountId, title }: { accountId: string; title: string }) {
  const navigate = useNavigate();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center py-20 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Trash2 className="size-6" />
      </div>
      <h1 className="text-xl font-semibold">This item was deleted</h1>
      <p className="mt-2 text-sm text-muted-foreground">&lsquo;{title}&rsquo; was deleted while you were reading it.</p>
      <Button className="mt-6" variant="outline" onClick={() => navigate(listPathFor(accountId))}>
        <ArrowLeft /> Back to knowledge
      </Button>
    </div>
  );
}
