import { NodeViewWrapper, type NodeViewProps } from '@tiptap/react';
import { PdfViewer } from './pdf-viewer';

/** The viewer inside the editor. */
export function PdfViewerNode({ node }: NodeViewProps) {
  const { src, filename } = node.attrs as { src: string | null; filename: string | null };
  return (
    <NodeViewWrapper data-drag-handle="">
      {src ? <PdfViewer src={src} filename={filename ?? 'document.pdf'} /> : null}
    </NodeViewWrapper>
  );
}
