import { ReactNodeViewRenderer } from '@tiptap/react';
import { PdfViewerBlock } from '@common/editor-schema';
import { PdfViewerNode } from './pdf-viewer-node';

/** The PDF viewer block of the shared schema, drawn in the editor by its React view. */
export const PdfViewer = PdfViewerBlock.extend({
  addNodeView() {
    return ReactNodeViewRenderer(PdfViewerNode);
  },
});
