import { ChevronLeft, ChevronRight, Download, FileText, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { loadPdfJs } from './load-pdfjs';

type PdfDocument = Awaited<ReturnType<Awaited<ReturnType<typeof loadPdfJs>>['getDocument']>['promise']>;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** A stored PDF drawn page by page with pdf.js (loaded on first use), with page navigation, zoom and download. */
export function PdfViewer({ src, filename }: { src: string; filename: string }) {
  const [document, setDocument] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(2);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let task: { destroy(): Promise<void>; promise: Promise<PdfDocument> } | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const pdfjs = await loadPdfJs();
        if (cancelled) return;
        task = pdfjs.getDocument({ url: src, withCredentials: true });
        const loaded = await task.promise;
        if (!cancelled) setDocument(loaded);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [src]);

  useEffect(() => {
    if (!document || !canvasRef.current) return;
    let cancelled = false;
    let render: { cancel(): void; promise: Promise<void> } | undefined;
    void (async () => {
      const page = await document.getPage(pageNumber);
      if (cancelled || !canvasRef.current) return;
      const canvas = canvasRef.current;
      const available = (frameRef.current?.clientWidth ?? 824) - 24;
      const base = page.getViewport({ scale: 1 });
      // Zoom 1 fits the page to the block's width; the canvas is drawn at the screen's pixel density.
      const scale = (available / base.width) * ZOOMS[zoom]!;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      render = page.render({ canvas, viewport, background: 'white' });
      await render.promise.catch(() => undefined);
    })();
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [document, pageNumber, zoom]);

  const pages = document?.numPages ?? 0;
  return (
    <figure
      className="not-prose my-4 overflow-hidden rounded-lg border bg-muted/40"
      data-testid="pdf-viewer"
      contentEditable={false}
    >
      <figcaption className="flex flex-wrap items-center gap-1 border-b bg-card px-3 py-2 text-sm">
        <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="mr-auto min-w-0 truncate font-medium">{filename}</span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Previous page"
          disabled={pageNumber <= 1}
          onClick={() => setPageNumber((n) => Math.max(1, n - 1))}
        >
          <ChevronLeft />
        </Button>
        <span className="tabular-nums text-muted-foreground" data-testid="pdf-page">
          {pages ? `Page ${pageNumber} of ${pages}` : 'Loading...'}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Next page"
          disabled={pageNumber >= pages}
          onClick={() => setPageNumber((n) => Math.min(pages, n + 1))}
        >
          <ChevronRight />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Zoom out"
          disabled={zoom <= 0}
          onClick={() => setZoom((z) => Math.max(0, z - 1))}
        >
          <ZoomOut />
        </Button>
        <span className="w-12 text-center tabular-nums text-muted-foreground">{Math.round(ZOOMS[zoom]! * 100)}%</span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Zoom in"
          disabled={zoom >= ZOOMS.length - 1}
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
        >
          <ZoomIn />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Download ${filename}`} asChild>
          <a href={src} download={filename}>
            <Download />
          </a>
        </Button>
      </figcaption>
      <div ref={frameRef} className="max-h-[70vh] overflow-auto p-3">
        {failed ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            This PDF could not be shown. Download it instead.
          </p>
        ) : (
          <canvas ref={canvasRef} className="mx-auto block shadow-sm" aria-label={`${filename}, page ${pageNumber}`} />
        )}
      </div>
    </figure>
  );
}
