import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTENT_MAX_LENGTH, knowledgeInputSchema, TITLE_MAX_LENGTH, type KnowledgeInput } from '@common/knowledge';
import { formatCount } from '@common/text';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useSchemaForm, WHOLE_FORM } from '@/lib/schema-form';
import { cutToLimit, isNearLimit, TITLE_CUT } from '../lib/field-limits';
import { RichTextEditor } from './editor/rich-text-editor';
import { FieldLimit } from './field-limit';
import { TagsInput } from './tags-input';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import type { PendingPdf } from '../api/link-pdfs';
import type { LiveSession } from '../collaboration/use-collaboration';

/**
 * Title, tags and content, shared by the create and edit pages. Saving clears the unsaved-changes prompt first.
 * Each limit shows where it applies: a counter near it, a note when a title is cut, the number in the message.
 */
export function KnowledgeForm(props: {
  /** The form element's id: a page may submit it from outside (the edit page's "Save mine over theirs"). */
  id?: string;
  accountId: string;
  initial: KnowledgeInput;
  submitLabel: string;
  busyLabel: string;
  cancelTo: string;
  /** The item's live document: the content is co-edited and saved as it is typed, so only title and tags wait for the button. */
  collaboration?: LiveSession;
  /** The item being edited (absent on the create page): @mentions and comments on a passage. */
  knowledgeId?: string;
  /** Saves; `pendingPdfs` are the PDFs uploaded in this editor, to link once the item has its id. */
  onSubmit: (input: KnowledgeInput, pendingPdfs: Map<string, PendingPdf>) => Promise<unknown>;
  /** Under the tags: where the item goes (the create page's collection and parent). */
  placement?: ReactNode;
}) {
  const pendingPdfs = useRef(new Map<string, PendingPdf>());
  const rememberPdf = useCallback((pdf: PendingPdf) => pendingPdfs.current.set(pdf.path, pdf), []);
  const [title, setTitle] = useState(props.initial.title);
  const [tags, setTags] = useState(props.initial.tags);
  const [content, setContent] = useState(props.initial.content);
  const [titleNote, setTitleNote] = useState<string | null>(null);
  const form = useSchemaForm(knowledgeInputSchema);
  const titleError = form.errors.title;
  // The tags' and the content's problems, or a failed save, show under the form.
  const formError = form.errors[WHOLE_FORM] ?? form.errors.tags ?? form.errors.content;
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const leaving = useRef(false);
  const [initialSnapshot] = useState(() => JSON.stringify(props.initial));
  const typed = props.collaboration ? props.initial.content : content;
  const dirty = JSON.stringify({ title, tags, content: typed }) !== initialSnapshot;
  const isDirty = useCallback(() => dirty && !leaving.current, [dirty]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.check({ title, tags, content });
    if (input === undefined) return;
    setBusy(true);
    leaving.current = true;
    try {
      await props.onSubmit(input, pendingPdfs.current);
    } catch (error) {
      leaving.current = false;
      form.fail(error instanceof Error ? error.message : 'Saving failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id={props.id} onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
      <UnsavedChangesGuard when={isDirty} />
      <div className="grid gap-2">
        <Label htmlFor="knowledge-title">Title</Label>
        <Input
          id="knowledge-title"
          value={title}
          onChange={(event) => {
            // Cut here rather than by maxLength, which cuts a paste without a word.
            const { text, cut } = cutToLimit(event.target.value, TITLE_MAX_LENGTH);
            setTitle(text);
            setTitleNote(cut ? TITLE_CUT : null);
            form.clear('title');
          }}
          placeholder="How we deploy on Fridays"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? 'knowledge-title-error' : 'knowledge-title-limit'}
          className="h-11 text-lg font-medium"
        />
        <FieldError id="knowledge-title-error">{titleError}</FieldError>
        <FieldLimit
          id="knowledge-title-limit"
          note={titleNote}
          counter={isNearLimit(title.length, TITLE_MAX_LENGTH) ? `${title.length}/${TITLE_MAX_LENGTH}` : null}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="knowledge-tags">Tags</Label>
        <TagsInput accountId={props.accountId} value={tags} onChange={setTags} />
      </div>
      {props.placement}
      <div className="grid gap-2">
        <span className="text-sm font-medium leading-none">Content</span>
        <RichTextEditor
          accountId={props.accountId}
          initialHtml={props.initial.content}
          collaboration={props.collaboration}
          knowledgeId={props.knowledgeId}
          onChange={setContent}
          onUploadingChange={setUploading}
          onPdfUploaded={rememberPdf}
        />
        <FieldLimit
          id="knowledge-content-limit"
          note={
            content.length > CONTENT_MAX_LENGTH
              ? `Too long to save: ${formatCount(content.length - CONTENT_MAX_LENGTH)} characters over the limit`
              : null
          }
          counter={
            isNearLimit(content.length, CONTENT_MAX_LENGTH)
              ? `${formatCount(content.length)}/${formatCount(CONTENT_MAX_LENGTH)} characters`
              : null
          }
          over={content.length > CONTENT_MAX_LENGTH}
        />
      </div>
      <FieldError>{formError}</FieldError>
      <div className="flex justify-end gap-2">
        <Button variant="outline" asChild>
          <Link to={props.cancelTo}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={busy || uploading}>
          {busy ? props.busyLabel : uploading ? 'Uploading files...' : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
