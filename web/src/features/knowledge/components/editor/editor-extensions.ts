import { Placeholder } from '@tiptap/extensions';
import { knowledgeSchemaExtensions, mentionNode } from '@common/editor-schema';
import { fetchMentionable, mentionSuggestion } from '@/features/comments';
import { HighlightedCodeBlock } from '../../code/code-block-view';
import { PdfViewer } from '../../pdf/pdf-viewer-extension';
import { MarkdownTableShortcut } from './markdown-table-shortcut';
import { PasteFromConfluence } from './paste-from-confluence';
import { PasteFromWord } from './paste-from-word';
import { PasteTabSeparated } from './paste-tables';
import { SlashMenuExtension } from './slash-menu-extension';

const placeholder = Placeholder.configure({ placeholder: 'Write it down: steps, context, links and pictures...' });

/**
 * What only the browser's editor has beside the schema: a placeholder, the slash menu, spreadsheets' and Word's
 * paste, and a Markdown table's row made a table with Enter.
 */
const editing = [
  placeholder,
  SlashMenuExtension,
  PasteTabSeparated,
  PasteFromWord,
  PasteFromConfluence,
  MarkdownTableShortcut,
];

/**
 * What the editor offers: the shared schema (common/editor-schema.ts) with its PDF view and highlighted code
 * blocks, and the editing aids.
 */
export const editorExtensions = [
  ...knowledgeSchemaExtensions({ pdfViewer: PdfViewer, codeBlock: HighlightedCodeBlock }),
  ...editing,
];

/**
 * The same for a co-edited document, whose undo history Yjs keeps (the Collaboration extension is added beside);
 * typing `@` offers the item's people (decision 38).
 */
export const collaborativeEditorExtensions = (accountId: string, knowledgeId: string) => [
  ...knowledgeSchemaExtensions({
    pdfViewer: PdfViewer,
    codeBlock: HighlightedCodeBlock,
    undoRedo: false,
    mention: mentionNode({ suggestion: mentionSuggestion((query) => fetchMentionable(accountId, knowledgeId, query)) }),
  }),
  ...editing,
];
