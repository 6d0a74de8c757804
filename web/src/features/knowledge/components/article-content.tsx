import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CopyCodeButton } from '../code/copy-code-button';
import { PdfViewer } from '../pdf/pdf-viewer';

interface ViewerTarget {
  element: HTMLElement;
  src: string;
  filename: string;
}

/**
 * Each table in a box of its own that scrolls sideways (a focusable region, so a keyboard scrolls it too): a wide
 * table never widens the page on a phone. Done on the HTML string, so the server's first draw has it as well.
 */
const withScrollingTables = (html: string) =>
  html
    .replace(/<table>/g, '<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table>')
    .replace(/<\/table>/g, '</table></div>');

/**
 * The article's sanitized HTML; each PDF viewer block in it (`div[data-type="pdf-viewer"]`) becomes a live
 * viewer, each code block gets a copy button and, once the grammars have loaded, its highlighting.
 */
export function ArticleContent({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [viewers, setViewers] = useState<ViewerTarget[]>([]);
  const [codeBlocks, setCodeBlocks] = useState<HTMLElement[]>([]);

  useEffect(() => {
    const element = container.current;
    const blocks = Array.from(element?.querySelectorAll<HTMLElement>('pre') ?? []);
    setCodeBlocks(blocks);
    if (!element || !element.querySelector('pre > code[class*="language-"]')) return;
    // After first paint, in a chunk of its own: the article's chunk does not carry lowlight's grammars.
    let current = true;
    void import('../code/highlight-article-code').then(({ highlightArticleCode }) => {
      if (current) highlightArticleCode(element);
    });
    return () => {
      current = false;
    };
  }, [html]);

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
        dangerouslySetInnerHTML={{ __html: withScrollingTables(html) }}
      />
      {viewers.map((viewer, index) =>
        createPortal(
          <PdfViewer src={viewer.src} filename={viewer.filename} />,
          viewer.element,
          `${index}-${viewer.src}`,
        ),
      )}
      {codeBlocks.map((pre, index) => createPortal(<CopyCodeButton pre={pre} />, pre, `code-${index}`))}
    </>
  );
}
