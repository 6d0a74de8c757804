import { Node, mergeAttributes } from '@tiptap/core';
import { ReactNodeViewRenderer } from '@tiptap/react';
import { PdfViewerNode } from './pdf-viewer-node';

const attribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`),
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] == null ? {} : { [`data-${name}`]: String(attributes[name]) },
});

/** The PDF viewer block: `<div data-type="pdf-viewer" data-src data-filename data-width data-height>`. */
export const PdfViewer = Node.create({
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
  addNodeView() {
    return ReactNodeViewRenderer(PdfViewerNode);
  },
});
