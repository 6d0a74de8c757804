/**
 * The PDF thread (started by `pdf-reader.ts`): reads each PDF it is sent with
 * pdf.js and answers what was asked, one message per PDF.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy, RenderParameters } from 'pdfjs-dist/types/src/display/api';
import { answerMessages } from '../threads/worker-thread';

/** What to read from a PDF besides opening it (which alone checks it): its text, a picture of its first page. */
export type PdfRead = 'text' | 'thumbnail';

export interface PdfWorkerInput {
  reads: PdfRead[];
  data: Uint8Array;
  /** Text past this many characters is not read (`text`). */
  maxTextLength: number;
  /** The width of the first page's picture, in pixels (`thumbnail`). */
  thumbnailWidth: number;
}

export interface PdfWorkerOutput {
  pages: number;
  text?: string;
  thumbnailPng?: Uint8Array;
}

/** pdf.js's own metrics for the 14 standard fonts, so text in Helvetica or Times draws on a thumbnail. */
const STANDARD_FONTS =
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') +
  path.sep;

async function read(input: PdfWorkerInput): Promise<PdfWorkerOutput> {
  const loading = pdfjs.getDocument({
    data: input.data,
    standardFontDataUrl: STANDARD_FONTS,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  // The thread lives on from PDF to PDF (a whole import): each document is let go once read.
  try {
    return await readDocument(input, await loading.promise);
  } finally {
    await loading.destroy();
  }
}

async function readDocument(input: PdfWorkerInput, document: PDFDocumentProxy): Promise<PdfWorkerOutput> {
  const pages = document.numPages;
  if (pages < 1) throw new Error('The PDF has no pages');
  const first = await document.getPage(1);
  const output: PdfWorkerOutput = { pages };
  if (input.reads.includes('thumbnail')) output.thumbnailPng = await drawPage(first, input.thumbnailWidth);
  if (input.reads.includes('text')) output.text = await readText(document, first, input.maxTextLength);
  return output;
}

/** The page as a PNG `width` pixels wide, on white as a reader shows it rather than transparent. */
async function drawPage(page: PDFPageProxy, width: number): Promise<Uint8Array> {
  const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js draws on @napi-rs/canvas in Node (its own choice there); the DOM's types do not know it.
  await page.render({ canvas: canvas as unknown as RenderParameters['canvas'], viewport }).promise;
  return new Uint8Array(canvas.toBuffer('image/png'));
}

/** The text of every page, pages separated by blank lines, up to `maxLength` characters. */
async function readText(document: PDFDocumentProxy, first: PDFPageProxy, maxLength: number): Promise<string> {
  const texts: string[] = [];
  let length = 0;
  for (let number = 1; number <= document.numPages && length < maxLength; number++) {
    const page = number === 1 ? first : await document.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    text = text.replace(/[ \t]+/g, ' ').trim();
    texts.push(text);
    length += text.length + 2;
    page.cleanup();
  }
  return texts.filter(Boolean).join('\n\n').slice(0, maxLength);
}

answerMessages(read);
