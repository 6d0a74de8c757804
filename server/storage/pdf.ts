import sharp from 'sharp';
import { CONTENT_MAX_LENGTH } from '../../common/knowledge';

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

// pdf.js 6 expects Node 22 (Promise.withResolvers); Lore runs on Node 20.
if (!('withResolvers' in Promise)) {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      return { promise, resolve, reject };
    },
  });
}

/** pdf.js, loaded on first use (it is large, and only PDF uploads need it). */
const loadPdfJs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

/**
 * The text of every page of a PDF, pages separated by blank lines, cut at the
 * longest article; throws when the bytes are not a PDF pdf.js can read.
 */
export async function extractPdfText(data: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdfjs = await loadPdfJs();
  // pdf.js takes the buffer over; it gets a copy.
  const task = pdfjs.getDocument({
    data: data.slice(),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= document.numPages && length < CONTENT_MAX_LENGTH; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      text = text.replace(/[ \t]+/g, ' ').trim();
      pages.push(text);
      length += text.length + 2;
      page.cleanup();
    }
    return { text: pages.filter(Boolean).join('\n\n').slice(0, CONTENT_MAX_LENGTH), pages: document.numPages };
  } finally {
    await task.destroy();
  }
}

/** Whether the bytes are a PDF pdf.js can open (its header, cross-reference table and page tree). */
export async function isReadablePdf(data: Uint8Array): Promise<boolean> {
  if (!looksLikePdf(data)) return false;
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({ data: data.slice(), verbosity: 0 });
  try {
    const document = await task.promise;
    await document.getPage(1);
    return document.numPages > 0;
  } catch {
    return false;
  } finally {
    await task.destroy();
  }
}

/** A thumbnail decoded and re-encoded as WebP (at most THUMBNAIL_WIDTH wide); null when the bytes are no image. */
export async function reencodeThumbnail(data: Uint8Array): Promise<Uint8Array | null> {
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
