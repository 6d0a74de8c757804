import { Node, mergeAttributes, type AnyExtension } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
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
 * Headings, marks, code, quotes, lists, task lists, links, rules, images and PDFs. `pdfViewer` is the
 * block with its view in the browser; `undoRedo: false` when Yjs keeps the undo history (co-editing).
 */
export function knowledgeSchemaExtensions(options: { pdfViewer?: AnyExtension; undoRedo?: boolean } = {}) {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      ...(options.undoRedo === false ? { undoRedo: false as const } : {}),
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    StoredImage.configure({ allowBase64: false }),
    options.pdfViewer ?? PdfViewerBlock,
  ];
}
