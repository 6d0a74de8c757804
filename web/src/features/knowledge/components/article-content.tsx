import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PdfViewer } from '../pdf/pdf-viewer';

interface ViewerTarget {
  element: HTMLElement;
  src: string;
  filename: string;
}

/**
 * The article's sanitized HTML; each PDF viewer block in it
 * (`div[data-type="pdf-viewer"]`) becomes a live viewer.
 */
export function ArticleContent({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [viewers, setViewers] = useState<ViewerTarget[]>([]);

  useEffect(() => {
    const blocks = container.current?.querySelectorAll<HTMLElement>('div[data-type="pdf-viewer"]') ?? [];
    const found = Array.from(blocks).flatMap((element) => {
      const src = element.dataset.src;
      return src ? [{ element, src, filename: element.dataset.filename ?? 'document.pdf' }] : [];
    });
    // The blocks exist only once the HTML is in the page: the viewers are placed into them afterwards.
    setViewers(found);
  }, [html]);

  return (
    <>
      {/* The server sanitized this HTML with an allow-list before storing it. */}
      <div
        ref={container}
        className="rich-text knowledge-content is-article"
        data-testid="article-content"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {viewers.map((viewer, index) =>
        createPortal(
          <PdfViewer src={viewer.src} filename={viewer.filename} />,
          viewer.element,
          `${index}-${viewer.src}`,
        ),
      )}
    </>
  );
}
