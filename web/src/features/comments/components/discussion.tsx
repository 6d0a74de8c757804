import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff, CheckCircle2, MessageSquare, RotateCcw, Trash2, Pencil, Unlink } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ThreadDto } from '@common/discussion';
import { threadAnchor } from '@common/thread-anchor';
import { PersonAvatar } from '@/components/layout/person-avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLocalDate } from '@/lib/use-local-date';
import { discussionQuery, useDiscussionActions } from '../api/comments-api';
import { NewCommentComposer, OpenedComposer } from './composer-on-demand';
import './comments.css';

type Actions = ReturnType<typeof useDiscussionActions>;

/** Marks the passages of open inline threads in the article (`.is-open`); resolved ones are left plain. */
function useMarkedPassages(threads: ThreadDto[] | undefined) {
  useEffect(() => {
    const open = new Set((threads ?? []).filter((t) => !t.resolved_at).map((t) => t.id));
    const marks = document.querySelectorAll<HTMLElement>('[data-testid="article-content"] [data-comment-thread]');
    for (const mark of marks) {
      const id = mark.dataset.commentThread ?? '';
      mark.classList.toggle('is-open', open.has(id));
      if (open.has(id)) {
        mark.tabIndex = 0;
        mark.setAttribute('role', 'link');
        mark.setAttribute('aria-label', `${mark.textContent ?? ''} (has comments)`);
      }
    }
    const go = (event: Event) => {
      const mark = (event.target as HTMLElement).closest<HTMLElement>('[data-comment-thread].is-open');
      if (!mark || (event instanceof KeyboardEvent && event.key !== 'Enter')) return;
      const target = document.getElementById(threadAnchor(mark.dataset.commentThread!));
      target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      target?.focus({ preventScroll: true });
    };
    const content = document.querySelector('[data-testid="article-content"]');
    content?.addEventListener('click', go);
    content?.addEventListener('keydown', go);
    return () => {
      content?.removeEventListener('click', go);
      content?.removeEventListener('keydown', go);
    };
  }, [threads]);
}

/** The article's discussion: its threads (inline ones quoting their passage), a new comment, and watching. */
export function Discussion({ accountId, knowledgeId }: { accountId: string; knowledgeId: string }) {
  const discussion = useQuery(discussionQuery(accountId, knowledgeId));
  const actions = useDiscussionActions(accountId, knowledgeId);
  useMarkedPassages(discussion.data?.threads);
  // Opened from a notification: the thread named in the address.
  useEffect(() => {
    if (!discussion.data || !location.hash.startsWith('#thread-')) return;
    const target = document.getElementById(location.hash.slice(1));
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [discussion.data]);

  return (
    <section aria-labelledby="comments-heading" className="mt-12 border-t pt-8" data-testid="discussion">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id="comments-heading" className="flex items-center gap-2 text-lg font-semibold">
          <MessageSquare className="size-5" aria-hidden="true" />
          Comments
          {discussion.data && (
            <span className="text-sm font-normal text-muted-foreground" data-testid="comment-count">
              ({discussion.data.comment_count})
            </span>
          )}
        </h2>
        {discussion.data && (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={discussion.data.watching}
            onClick={() => actions.watch.mutate(!discussion.data.watching)}
          >
            {discussion.data.watching ? <Bell /> : <BellOff />}
            {discussion.data.watching ? 'Watching' : 'Watch'}
          </Button>
        )}
      </div>
      {discussion.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading comments…
        </p>
      ) : discussion.isError ? (
        <div role="alert" className="text-sm text-destructive">
          Could not load the comments: {discussion.error.message}{' '}
          <Button variant="link" size="sm" onClick={() => void discussion.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {discussion.data.threads.length === 0 && (
            <p className="mb-4 text-sm text-muted-foreground">No comments yet. Ask a question or note what changed.</p>
          )}
          <ol className="mb-6 space-y-4">
            {discussion.data.threads.map((thread) => (
              <li key={thread.id}>
                <Thread accountId={accountId} knowledgeId={knowledgeId} thread={thread} actions={actions} />
              </li>
            ))}
          </ol>
          <NewCommentComposer
            accountId={accountId}
            knowledgeId={knowledgeId}
            label="New comment"
            submitLabel="Comment"
            onSubmit={(body) => actions.start.mutateAsync({ body })}
          />
        </>
      )}
    </section>
  );
}

function Thread({
  accountId,
  knowledgeId,
  thread,
  actions,
}: {
  accountId: string;
  knowledgeId: string;
  thread: ThreadDto;
  actions: Actions;
}) {
  const [replying, setReplying] = useState(false);
  const resolved = thread.resolved_at !== null;
  return (
    <article
      id={threadAnchor(thread.id)}
      tabIndex={-1}
      aria-label={thread.quote ? `Thread on “${thread.quote}”` : 'Thread'}
      data-testid="comment-thread"
      // A resolved thread sits back on a muted ground; its text keeps full contrast (a faded one did not).
      className={`comment-thread rounded-xl border p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring ${resolved ? 'bg-muted/50' : 'bg-card'}`}
    >
      {thread.quote && (
        <blockquote className="mb-3 border-l-4 border-amber-400 pl-3 text-sm text-muted-foreground">
          {thread.quote}
          {thread.detached && (
            <span
              className="ml-2 inline-flex items-center gap-1 rounded bg-muted px-1.5 text-xs"
              data-testid="detached"
            >
              <Unlink className="size-3" aria-hidden="true" /> Detached: the passage was removed
            </span>
          )}
        </blockquote>
      )}
      <ol className="space-y-3">
        {thread.comments.map((comment) => (
          <li key={comment.id}>
            <Comment accountId={accountId} knowledgeId={knowledgeId} comment={comment} actions={actions} />
          </li>
        ))}
      </ol>
      {resolved && (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="resolved-note">
          <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
          Resolved{thread.resolved_by ? ` by ${thread.resolved_by.name}` : ''}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {!resolved && !replying && (
          <Button variant="outline" size="sm" onClick={() => setReplying(true)}>
            Reply
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => actions.resolve.mutate({ threadId: thread.id, resolved: !resolved })}
        >
          {resolved ? <RotateCcw /> : <CheckCircle2 />}
          {resolved ? 'Reopen' : 'Resolve'}
        </Button>
      </div>
      {replying && (
        <div className="mt-3">
          <OpenedComposer
            accountId={accountId}
            knowledgeId={knowledgeId}
            label="Reply"
            submitLabel="Reply"
            autoFocus
            onSubmit={async (body) => {
              await actions.reply.mutateAsync({ threadId: thread.id, body });
              setReplying(false);
            }}
            onCancel={() => setReplying(false)}
          />
        </div>
      )}
    </article>
  );
}

function Comment({
  accountId,
  knowledgeId,
  comment,
  actions,
}: {
  accountId: string;
  knowledgeId: string;
  comment: ThreadDto['comments'][number];
  actions: Actions;
}) {
  const [editing, setEditing] = useState(false);
  const written = useLocalDate(comment.created_at);
  const name = comment.author?.name ?? 'Former member';
  return (
    <div className="flex gap-3" data-testid="comment">
      <PersonAvatar name={name} url={comment.author?.avatar_url} className="size-8" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium">{name}</span>
          <span className="text-muted-foreground">
            {written}
            {comment.edited_at ? ' (edited)' : ''}
          </span>
          <span className="ml-auto flex gap-1">
            {comment.policies.edit && !editing && (
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label="Edit comment"
                onClick={() => setEditing(true)}
              >
                <Pencil />
              </Button>
            )}
            {comment.policies.delete && (
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label="Delete comment"
                onClick={() => {
                  if (confirm('Delete this comment?')) actions.remove.mutate(comment.id);
                }}
              >
                <Trash2 />
              </Button>
            )}
          </span>
        </div>
        {editing ? (
          <OpenedComposer
            accountId={accountId}
            knowledgeId={knowledgeId}
            label="Edit comment"
            submitLabel="Save"
            initialBody={comment.body}
            autoFocus
            onSubmit={async (body) => {
              await actions.edit.mutateAsync({ commentId: comment.id, body });
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          // Sanitized by the server (comment-html.ts) before it was stored.
          <div className="comment-body rich-text text-sm" dangerouslySetInnerHTML={{ __html: comment.body }} />
        )}
      </div>
    </div>
  );
}
