import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { Selection } from '@tiptap/pm/state';
import { StarterKit } from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import { useMemo, useState } from 'react';
import { mentionNode } from '@common/editor-schema';
import type { MentionableDto } from '@common/discussion';
import { Button } from '@/components/ui/button';
import { fetchMentionable } from '../api/comments-api';
import { mentionSuggestion } from '../lib/mention-suggestion';
import { COMPOSER_PLACEHOLDER } from '../lib/composer-placeholder';

/** The people mentioned in a composer's document, by id. */
function mentionsIn(json: { type?: string; attrs?: Record<string, unknown>; content?: unknown[] }): string[] {
  const own = json.type === 'mention' && typeof json.attrs?.id === 'string' ? [json.attrs.id] : [];
  return [...own, ...((json.content ?? []) as Array<typeof json>).flatMap(mentionsIn)];
}

/** What a box standing in for the editor may do with it once it is ready. */
export interface ReadyEditor {
  /** Replaces its text with `text`, a paragraph a line, every space kept (HTML would lose a trailing one). */
  fillWithText(text: string): void;
  /** Puts the caret at the end and the focus in it now (Tiptap's focus command waits for the next frame). */
  focusAtEnd(): void;
}

const readyEditor = (editor: Editor): ReadyEditor => ({
  fillWithText: (text) => {
    const paragraphs = text.split('\n').map((line) => ({
      type: 'paragraph',
      content: line ? [{ type: 'text', text: line }] : [],
    }));
    editor.commands.setContent({ type: 'doc', content: paragraphs }, { emitUpdate: true });
  },
  focusAtEnd: () => {
    editor.view.dispatch(editor.state.tr.setSelection(Selection.atEnd(editor.state.doc)));
    editor.view.focus();
  },
});

/**
 * A comment's editor: bold, italic, code, links and @mentions, nothing more (what the server keeps).
 * Ctrl+Enter sends. Mentioning someone who cannot see the item asks before sending: they will not be told.
 */
export function CommentComposer({
  accountId,
  knowledgeId,
  label,
  submitLabel,
  initialBody = '',
  onSubmit,
  onCancel,
  autoFocus = false,
  onReady,
}: {
  accountId: string;
  knowledgeId: string;
  label: string;
  submitLabel: string;
  initialBody?: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Told once the editor is made and in the page, so a box standing in for it can hand over. */
  onReady?: (editor: ReadyEditor) => void;
}) {
  const [seen] = useState(() => new Map<string, MentionableDto>());
  const [sending, setSending] = useState(false);
  const [unseen, setUnseen] = useState<string[] | null>(null);
  const [empty, setEmpty] = useState(!initialBody);
  const extensions = useMemo(
    () => [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
      Placeholder.configure({ placeholder: COMPOSER_PLACEHOLDER }),
      mentionNode({
        suggestion: mentionSuggestion(async (query) => {
          const people = await fetchMentionable(accountId, knowledgeId, query);
          for (const person of people) seen.set(person.id, person);
          return people;
        }),
      }),
    ],
    [accountId, knowledgeId, seen],
  );
  const editor = useEditor({
    extensions,
    content: initialBody,
    autofocus: autoFocus ? 'end' : false,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: 'comment-editor rich-text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
      handleKeyDown: (_view, event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          void send(false);
          return true;
        }
        return false;
      },
    },
    onCreate: ({ editor: created }) => onReady?.(readyEditor(created)),
    onUpdate: ({ editor: updated }) => {
      setEmpty(updated.isEmpty);
      setUnseen(null);
    },
  });

  async function send(anyway: boolean) {
    if (!editor || editor.isEmpty || sending) return;
    const hidden = mentionsIn(editor.getJSON()).flatMap((id) => {
      const person = seen.get(id);
      return person && !person.sees_item ? [person.name] : [];
    });
    if (hidden.length > 0 && !anyway) return setUnseen(hidden);
    setSending(true);
    try {
      await onSubmit(editor.getHTML());
      editor.commands.clearContent(true);
      setUnseen(null);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="comment-composer rounded-lg border bg-card focus-within:ring-2 focus-within:ring-ring">
      <EditorContent editor={editor} />
      {unseen && (
        <div role="alert" className="mx-3 mb-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm">
          {unseen.join(', ')} cannot see this item and will not be notified.{' '}
          <Button size="sm" variant="outline" className="ml-1 h-7" onClick={() => void send(true)}>
            Send anyway
          </Button>
        </div>
      )}
      <div className="flex items-center justify-end gap-2 border-t px-2 py-1.5">
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button size="sm" disabled={empty || sending} onClick={() => void send(false)}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
