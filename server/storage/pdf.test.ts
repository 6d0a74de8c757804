import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../test/pdf-factory';
import { extractPdfText, isReadablePdf, PdfTimeoutError, readPdfForImport } from './pdf';

describe('reading PDFs in the PDF thread', () => {
  it('reads the text of every page, pages apart', async () => {
    const pdf = makePdf([['Quarterly report', 'Revenue grew'], ['Second page']]);
    await expect(extractPdfText(pdf)).resolves.toEqual({
      text: 'Quarterly report\nRevenue grew\n\nSecond page',
      pages: 2,
    });
  });

  it('tells a readable PDF from bytes that only start like one', async () => {
    await expect(isReadablePdf(makePdf([['ok']]))).resolves.toBe(true);
    await expect(isReadablePdf(new TextEncoder().encode('%PDF-1.4\nnot really'))).resolves.toBe(false);
    await expect(isReadablePdf(new TextEncoder().encode('plain text'))).resolves.toBe(false);
  });

  // Each PDF given up on ends its thread: the next starts one and loads pdf.js again (seconds each on a busy machine).
  it('gives up on a PDF past the time limit, and the next PDF is read as usual', { timeout: 180_000 }, async () => {
    // Fifty pages take tens of milliseconds to read, far past a limit of one.
    const pdf = makePdf(Array.from({ length: 50 }, (_, page) => [`slow page ${page + 1}`]));
    await expect(extractPdfText(pdf, 1)).rejects.toBeInstanceOf(PdfTimeoutError);
    await expect(isReadablePdf(pdf, 1)).rejects.toBeInstanceOf(PdfTimeoutError);
    await expect(extractPdfText(makePdf([['next']]))).resolves.toEqual({ text: 'next', pages: 1 });
  });

  it('reads for an import in one pass: the text, and the first page as a WebP thumbnail on a white page', async () => {
    const read = await readPdfForImport(makePdf([['A heading drawn large'], ['page two']]));
    expect(read!.text).toBe('A heading drawn large\n\npage two');
    expect(await readPdfForImport(new TextEncoder().encode('%PDF-1.4\nnot really'))).toBeNull();
    const image = sharp(read!.thumbnail);
    const { format, width, height } = await image.metadata();
    expect(format).toBe('webp');
    expect(width).toBe(600);
    expect(height).toBe(Math.ceil((600 * 792) / 612));
    // Mostly white paper, with dark text on it.
    const { channels } = await image.stats();
    expect(channels[0]!.max).toBe(255);
    expect(channels[0]!.min).toBeLessThan(100);
  });
});
