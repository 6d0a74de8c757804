import { Placeholder } from '@tiptap/extensions';
import { knowledgeSchemaExtensions } from '@common/editor-schema';
import { PdfViewer } from '../../pdf/pdf-viewer-extension';

const placeholder = Placeholder.configure({ placeholder: 'Write it down: steps, context, links and pictures...' });

/** What the editor offers: the shared schema (common/editor-schema.ts), its PDF view and a placeholder. */
export const editorExtensions = [...knowledgeSchemaExtensions({ pdfViewer: PdfViewer }), placeholder];

/** The same for a co-edited document, whose undo history Yjs keeps (the Collaboration extension is added beside). */
export const collaborativeEditorExtensions = [
  ...knowledgeSchemaExtensions({ pdfViewer: PdfViewer, undoRedo: false }),
  placeholder,
];
