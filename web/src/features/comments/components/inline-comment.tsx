import type { Editor } from '@tiptap/react';
import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { QUOTE_MAX_LENGTH } from '@common/discussion';
import { Button } from '@/components/ui/button';
import { startInlineThread } from '../api/inline-thread';
import { CommentComposer } from './comment-composer';
import './comments.css';

/**
 * "Comment" on the selected passage of a co-edited item (decision 38): the thread is started with the
 * passage quoted, then the passage gets the thread's comment mark in the live document, which carries it
 * through everyone's edits.
 */
export function InlineComment({
  editor,
  accountId,
  knowledgeId,
}: {
  editor: Editor;
  accountId: string;
  knowledgeId: string;
}) {
  const [passage, setPassage] = useState<{ from: number; to: number; quote: string } | null>(null);
  const open = () => {
    const { from, to, empty } = editor.state.selection;
    const quote = editor.state.doc.textBetween(from, to, ' ').trim().slice(0, QUOTE_MAX_LENGTH);
    if (empty || !quote) return;
    setPassage({ from, to, quote });
  };
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onMouseDown={(event) => event.preventDefault()}
        onClick={open}
        aria-label="Comment on the selected text"
        title="Comment on the selected text"
        data-testid="inline-comment-button"
      >
        <MessageSquarePlus /> Comment
      </Button>
      {passage && (
        <div
          className="absolute inset-x-2 top-12 z-20 rounded-lg border bg-background p-3 shadow-lg"
          data-testid="inline-comment"
        >
          <p className="mb-2 border-l-4 border-amber-400 pl-2 text-sm text-muted-foreground">{passage.quote}</p>
          <CommentComposer
            accountId={accountId}
            knowledgeId={knowledgeId}
            label="Comment on the selected text"
            submitLabel="Comment"
            autoFocus
            onCancel={() => setPassage(null)}
            onSubmit={async (body) => {
              const thread = await startInlineThread(accountId, knowledgeId, passage.quote, body);
              editor
                .chain()
                .setTextSelection({ from: passage.from, to: passage.to })
                .setMark('comment', { thread: thread.id })
                .run();
              setPassage(null);
            }}
          />
        </div>
      )}
    </>
  );
}
