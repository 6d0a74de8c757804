import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { knowledgeInputSchema, TITLE_MAX_LENGTH, type KnowledgeInput } from '@common/knowledge';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { RichTextEditor } from './editor/rich-text-editor';
import { TagsInput } from './tags-input';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import type { PendingPdf } from '../api/link-pdfs';

/** Title, tags and content, shared by the create and edit pages. Saving clears the unsaved-changes prompt first. */
export function KnowledgeForm(props: {
  accountId: string;
  initial: KnowledgeInput;
  submitLabel: string;
  busyLabel: string;
  cancelTo: string;
  /** Saves; `pendingPdfs` are the PDFs uploaded in this editor, to link once the item has its id. */
  onSubmit: (input: KnowledgeInput, pendingPdfs: Map<string, PendingPdf>) => Promise<unknown>;
}) {
  const pendingPdfs = useRef(new Map<string, PendingPdf>());
  const rememberPdf = useCallback((pdf: PendingPdf) => pendingPdfs.current.set(pdf.path, pdf), []);
  const [title, setTitle] = useState(props.initial.title);
  const [tags, setTags] = useState(props.initial.tags);
  const [content, setContent] = useState(props.initial.content);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const leaving = useRef(false);
  const [initialSnapshot] = useState(() => JSON.stringify(props.initial));
  const dirty = JSON.stringify({ title, tags, content }) !== initialSnapshot;
  const isDirty = useCallback(() => dirty && !leaving.current, [dirty]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = knowledgeInputSchema.safeParse({ title, tags, content });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'title') setTitleError(issue.message);
      else setFormError(issue?.message ?? 'Please check the form');
      return;
    }
    setBusy(true);
    setFormError(null);
    leaving.current = true;
    try {
      await props.onSubmit(parsed.data, pendingPdfs.current);
    } catch (error) {
      leaving.current = false;
      setFormError(error instanceof Error ? error.message : 'Saving failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <UnsavedChangesGuard when={isDirty} />
      <div className="grid gap-2">
        <Label htmlFor="knowledge-title">Title</Label>
        <Input
          id="knowledge-title"
          value={title}
          maxLength={TITLE_MAX_LENGTH}
          onChange={(event) => {
            setTitle(event.target.value);
            setTitleError(null);
          }}
          placeholder="How we deploy on Fridays"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? 'knowledge-title-error' : undefined}
          className="h-11 text-lg font-medium"
        />
        <FieldError id="knowledge-title-error">{titleError}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="knowledge-tags">Tags</Label>
        <TagsInput accountId={props.accountId} value={tags} onChange={setTags} />
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium leading-none">Content</span>
        <RichTextEditor
          accountId={props.accountId}
          initialHtml={props.initial.content}
          onChange={setContent}
          onUploadingChange={setUploading}
          onPdfUploaded={rememberPdf}
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
