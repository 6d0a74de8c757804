/**
 * pdf.js, loaded the first time a PDF is shown or attached: the library and
 * its worker are their own chunks, never in a page's first load.
 */
export async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

export type PdfJs = Awaited<ReturnType<typeof loadPdfJs>>;
