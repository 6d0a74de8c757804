import { loadPdfJs } from './load-pdfjs';

/** How wide the first page is drawn for a card. */
const THUMBNAIL_WIDTH = 480;

/** What the editor learns from a PDF before uploading it: its first page as an image, and its page size. */
export interface PdfPreview {
  thumbnail: Blob;
  thumbnailDataUrl: string;
  /** The first page's size in PDF points. */
  width: number;
  height: number;
}

/** Draws the PDF's first page with pdf.js; rejects when pdf.js cannot read the file. */
export async function previewPdf(file: File): Promise<PdfPreview> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const size = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMBNAIL_WIDTH / size.width });
    const canvas = window.document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport, background: 'white' }).promise;
    const thumbnailDataUrl = canvas.toDataURL('image/webp', 0.8);
    const thumbnail = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The page could not be drawn'))),
        'image/webp',
        0.8,
      ),
    );
    return { thumbnail, thumbnailDataUrl, width: Math.round(size.width), height: Math.round(size.height) };
  } finally {
    await task.destroy();
  }
}
