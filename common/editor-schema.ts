import { Mark, Node, mergeAttributes, type AnyExtension } from '@tiptap/core';
import { Mention } from '@tiptap/extension-mention';
import { COMMENT_THREAD_ATTRIBUTE } from './discussion';
import { Image } from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { StarterKit } from '@tiptap/starter-kit';

/**
 * The editor's document schema, one list for the browser's editor and the server (decision 34): the server
 * builds an item's live document from its stored HTML, and its HTML from the document, with these same nodes.
 */

/** Images keep the stored file's path next to their secureImage address. */
const StoredImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      'data-path': {
        default: null,
        parseHTML: (element) => element.getAttribute('data-path'),
        renderHTML: (attributes) => (attributes['data-path'] ? { 'data-path': attributes['data-path'] } : {}),
      },
    };
  },
});

const attribute = (name: string) => ({
  default: null,
  parseHTML: (element: { getAttribute(name: string): string | null }) => element.getAttribute(`data-${name}`),
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] == null ? {} : { [`data-${name}`]: String(attributes[name]) },
});

/** The PDF viewer block: `<div data-type="pdf-viewer" data-src data-filename data-width data-height>`; the web adds its view. */
export const PdfViewerBlock = Node.create({
  name: 'pdfViewer',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: attribute('src'),
      filename: attribute('filename'),
      width: attribute('width'),
      height: attribute('height'),
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-type="pdf-viewer"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes({ 'data-type': 'pdf-viewer' }, HTMLAttributes)];
  },
});

/**
 * The mark of an inline comment thread (decision 38): `<span data-comment-thread="id">` around the passage.
 * A mark of the shared document, so Yjs carries it with its text through everyone's edits; text typed at its
 * edges stays outside it, and a passage whose text is all deleted takes the mark with it (the thread is
 * then detached).
 */
export const CommentMark = Mark.create({
  name: 'comment',
  inclusive: false,
  excludes: '',
  addAttributes() {
    return {
      thread: {
        default: null,
        parseHTML: (element) => element.getAttribute(COMMENT_THREAD_ATTRIBUTE),
        renderHTML: (attributes) => ({ [COMMENT_THREAD_ATTRIBUTE]: attributes.thread as string }),
      },
    };
  },
  parseHTML() {
    return [{ tag: `span[${COMMENT_THREAD_ATTRIBUTE}]` }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes];
  },
});

/**
 * A mention of a member (decision 38): `<span data-type="mention" data-id data-label>@Name</span>`; the web's
 * editor adds the picker (`suggestion`), the server and the article only read and write it.
 */
export const mentionNode = (options: Parameters<typeof Mention.configure>[0] = {}) =>
  Mention.configure({
    renderText: ({ node }) => `@${(node.attrs.label as string | null) ?? ''}`,
    renderHTML: ({ node }) => [
      'span',
      { 'data-type': 'mention', 'data-id': node.attrs.id as string, 'data-label': node.attrs.label as string },
      `@${(node.attrs.label as string | null) ?? ''}`,
    ],
    ...options,
  });

/**
 * A cell keeps only its span. Tiptap's cells also read an alignment and column widths (from `style` and
 * `<colgroup>`), which the sanitizer does not store: kept in the live document, they would differ from the item.
 */
const spanAttribute = (name: 'colspan' | 'rowspan') => ({
  default: 1,
  parseHTML: (element: { getAttribute(name: string): string | null }) => span(element.getAttribute(name)),
  renderHTML: (attributes: Record<string, unknown>) => (attributes[name] === 1 ? {} : { [name]: attributes[name] }),
});
const cellAttributes = {
  colspan: spanAttribute('colspan'),
  rowspan: spanAttribute('rowspan'),
  colwidth: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
};
/** A colspan or rowspan as the sanitizer keeps it (1 to 99); anything else is 1. */
const span = (value: string | null) => (/^[1-9][0-9]?$/.test(value ?? '') ? Number(value) : 1);
const KnowledgeTableCell = TableCell.extend({ addAttributes: () => cellAttributes });
const KnowledgeTableHeader = TableHeader.extend({ addAttributes: () => cellAttributes });

/**
 * Headings, marks, code, quotes, lists, task lists, links, rules, tables, images and PDFs. `pdfViewer`
 * is the block with its view in the browser, `codeBlock` the browser's highlighted one (same node: `<pre><code
 * class="language-x">`); `undoRedo: false` when Yjs keeps the undo history (co-editing).
 */
export function knowledgeSchemaExtensions(
  options: { pdfViewer?: AnyExtension; codeBlock?: AnyExtension; undoRedo?: boolean; mention?: AnyExtension } = {},
) {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      ...(options.codeBlock ? { codeBlock: false as const } : {}),
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      ...(options.undoRedo === false ? { undoRedo: false as const } : {}),
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    ...(options.codeBlock ? [options.codeBlock] : []),
    Table.configure({ resizable: false }),
    TableRow,
    KnowledgeTableHeader,
    KnowledgeTableCell,
    StoredImage.configure({ allowBase64: false }),
    options.pdfViewer ?? PdfViewerBlock,
    CommentMark,
    options.mention ?? mentionNode(),
  ];
}
