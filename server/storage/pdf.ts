import { CONTENT_MAX_LENGTH } from '../../common/knowledge';
import { PdfTimeoutError, pdfReader } from './pdf-reader';
import type { PdfRead } from './pdf-worker';
import { loadSharp } from './load-sharp';

export { PdfTimeoutError };

const PDF_MAGIC = '%PDF-';
/** Widest thumbnail kept: a card shows it at a few hundred pixels. */
const THUMBNAIL_WIDTH = 600;
/** Largest image a thumbnail may decode to (guards against decompression bombs). */
const THUMBNAIL_MAX_PIXELS = 40_000_000;

/** Whether the bytes start as a PDF does. Only the start: `extractPdfText` proves the rest parses. */
export function looksLikePdf(data: Uint8Array): boolean {
  if (data.length < PDF_MAGIC.length) return false;
  return new TextDecoder('latin1').decode(data.subarray(0, PDF_MAGIC.length)) === PDF_MAGIC;
}

/** How long reading one PDF may take before it is given up (a crafted PDF can keep pdf.js busy for ever). */
export const PDF_READ_TIME_LIMIT_MS = 30_000;

const readPdf = (reads: PdfRead[], data: Uint8Array, timeLimitMs: number) =>
  pdfReader.run({ reads, data, maxTextLength: CONTENT_MAX_LENGTH, thumbnailWidth: THUMBNAIL_WIDTH }, timeLimitMs);

/**
 * The text of every page of a PDF, pages separated by blank lines, cut at the
 * longest article; throws when the bytes are not a PDF pdf.js can read, and
 * `PdfTimeoutError` when reading takes longer than the limit.
 */
export async function extractPdfText(
  data: Uint8Array,
  timeLimitMs = PDF_READ_TIME_LIMIT_MS,
): Promise<{ text: string; pages: number }> {
  const { text = '', pages } = await readPdf(['text'], data, timeLimitMs);
  return { text, pages };
}

/** Whether the bytes are a PDF pdf.js can open (its header, cross-reference table and first page); `PdfTimeoutError` when that takes too long. */
export async function isReadablePdf(data: Uint8Array, timeLimitMs = PDF_READ_TIME_LIMIT_MS): Promise<boolean> {
  if (!looksLikePdf(data)) return false;
  return readPdf([], data, timeLimitMs).then(
    () => true,
    (error: unknown) => {
      if (error instanceof PdfTimeoutError) throw error;
      return false;
    },
  );
}

/**
 * What an import keeps of a PDF, in one read: its text and a WebP picture of its
 * first page for its card (the editor draws its own in the browser). Null when
 * the bytes are not a PDF pdf.js can read; `PdfTimeoutError` past the limit.
 */
export async function readPdfForImport(
  data: Uint8Array,
  timeLimitMs = PDF_READ_TIME_LIMIT_MS,
): Promise<{ text: string; thumbnail: Uint8Array } | null> {
  if (!looksLikePdf(data)) return null;
  const read = await readPdf(['text', 'thumbnail'], data, timeLimitMs).catch((error: unknown) => {
    if (error instanceof PdfTimeoutError) throw error;
    return null;
  });
  if (!read) return null;
  const thumbnail = read.thumbnailPng && (await reencodeThumbnail(read.thumbnailPng));
  if (!thumbnail) throw new Error("The PDF's first page could not be drawn");
  return { text: read.text ?? '', thumbnail };
}

/** A thumbnail decoded and re-encoded as WebP (at most THUMBNAIL_WIDTH wide); null when the bytes are no image. */
export async function reencodeThumbnail(data: Uint8Array): Promise<Uint8Array | null> {
  const sharp = await loadSharp();
  try {
    const webp = await sharp(data, { limitInputPixels: THUMBNAIL_MAX_PIXELS, animated: false })
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return new Uint8Array(webp);
  } catch {
    return null;
  }
}

/** The bytes of a `data:image/...;base64,` URL, or null. */
export function dataUrlBytes(url: string): Uint8Array | null {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(url);
  return match ? new Uint8Array(Buffer.from(match[1]!, 'base64')) : null;
}
