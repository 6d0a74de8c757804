import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import '@/components/ui/rich-text.css';
import '../knowledge-content.css';
import { Collaboration } from '@tiptap/extension-collaboration';
import { CollaborationCaret } from '../../collaboration/collaboration-caret';
import type { LiveSession } from '../../collaboration/use-collaboration';
import { loadInlineComment } from '@/features/comments';
import { EditorToolbar } from './editor-toolbar';
import { SlashMenu } from './slash-menu';
import { TableTools } from './table-tools';
import { collaborativeEditorExtensions, editorExtensions } from './editor-extensions';
import { LinkDialog } from './link-dialog';
import { imageFiles, useImageUploads } from './use-image-uploads';
import { pdfFiles, usePdfUploads } from './use-pdf-uploads';
import type { PendingPdf } from '../../api/link-pdfs';

const InlineComment = lazy(loadInlineComment);

/**
 * The Tiptap editor with its toolbar; images and PDFs arrive by button, paste or drop and upload with progress.
 * With `collaboration`, the text is the item's live document (decision 34) and `initialHtml` is not used.
 */
export function RichTextEditor(props: {
  accountId: string;
  initialHtml: string;
  collaboration?: LiveSession;
  /** The item being co-edited: its people for @mentions, and comments on a selected passage. */
  knowledgeId?: string;
  onChange: (html: string) => void;
  onUploadingChange: (uploading: boolean) => void;
  onPdfUploaded: (pdf: PendingPdf) => void;
}) {
  const { accountId, initialHtml, onChange, onUploadingChange, onPdfUploaded } = props;
  const images = useImageUploads(accountId);
  const pdfs = usePdfUploads(accountId, onPdfUploaded);
  const uploads = [...images.uploads, ...pdfs.uploads];
  const upload = images.upload;
  const uploadPdfs = pdfs.upload;
  const uploading = uploads.length > 0;
  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);
  const [linkOpen, setLinkOpen] = useState(false);
  // Tiptap calls the paste and drop handlers outside rendering; they reach the editor and the latest upload
  // through refs, which the effect below keeps current (refs are never read or written while rendering).
  const uploadRef = useRef(upload);
  const uploadPdfsRef = useRef(uploadPdfs);
  const editorRef = useRef<Editor | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  const pickers = useMemo(
    () => ({ pickImages: () => fileInput.current?.click(), pickPdfs: () => pdfInput.current?.click() }),
    [],
  );

  const live = props.collaboration;
  const editor = useEditor({
    extensions: live
      ? [
          ...collaborativeEditorExtensions(accountId, props.knowledgeId ?? ''),
          Collaboration.configure({ document: live.doc }),
          CollaborationCaret.configure({ awareness: live.connection.awareness }),
        ]
      : editorExtensions,
    content: live ? undefined : initialHtml,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        class: 'rich-text knowledge-content min-h-80 px-5 py-4 focus:outline-none',
        'aria-label': 'Content',
        role: 'textbox',
        'aria-multiline': 'true',
      },
      handlePaste: (view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        const documents = pdfFiles(event.clipboardData?.files);
        if ((files.length === 0 && documents.length === 0) || !editorRef.current) return false;
        if (files.length > 0) void uploadRef.current(editorRef.current, files, view.state.selection.from);
        if (documents.length > 0) void uploadPdfsRef.current(editorRef.current, documents, view.state.selection.from);
        return true;
      },
      handleDrop: (view, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        const documents = pdfFiles(event.dataTransfer?.files);
        if ((files.length === 0 && documents.length === 0) || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.from;
        if (files.length > 0) void uploadRef.current(editorRef.current, files, at);
        if (documents.length > 0) void uploadPdfsRef.current(editorRef.current, documents, at);
        return true;
      },
    },
  });
  useEffect(() => {
    uploadRef.current = upload;
    uploadPdfsRef.current = uploadPdfs;
    editorRef.current = editor;
  }, [upload, uploadPdfs, editor]);

  if (!editor) return null;
  // min-w-0: a wide table scrolls in its own box, never widening the form (a grid item sizes to its content).
  return (
    <div className="relative min-w-0 rounded-xl border bg-card shadow-sm focus-within:ring-2 focus-within:ring-ring">
      {live && props.knowledgeId && (
        <div className="flex justify-end border-b px-2 py-1">
          <Suspense fallback={null}>
            <InlineComment editor={editor} accountId={accountId} knowledgeId={props.knowledgeId} />
          </Suspense>
        </div>
      )}
      <EditorToolbar
        editor={editor}
        onImages={(files) => void upload(editor, files, editor.state.selection.from)}
        onPdfs={(files) => void uploadPdfs(editor, files, editor.state.selection.from)}
        onLink={() => setLinkOpen(true)}
        fileInput={fileInput}
        pdfInput={pdfInput}
      />
      <TableTools editor={editor} />
      {uploads.length > 0 && (
        <ul className="grid gap-2 border-b px-4 py-3" aria-label="Uploads">
          {uploads.map((entry) => (
            <li key={entry.id} className="grid gap-1 text-xs text-muted-foreground">
              <span>
                Uploading {entry.name}… {entry.percent}%
              </span>
              <div
                className="h-1.5 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-valuenow={entry.percent}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label={`Uploading ${entry.name}`}
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${entry.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <EditorContent editor={editor} />
      <SlashMenu editor={editor} pickers={pickers} />
      {linkOpen && (
        <LinkDialog
          open
          initial={editor.getAttributes('link').href ?? ''}
          onOpenChange={setLinkOpen}
          onSubmit={(href) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            (href ? chain.setLink({ href }) : chain.unsetLink()).run();
            setLinkOpen(false);
          }}
        />
      )}
    </div>
  );
}
