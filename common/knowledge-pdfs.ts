import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { STORED_PATH } from './files';
import { knowledgeRefSchema } from './knowledge';

/** The spec's messages for linking a PDF (sections 5 and 8). */
export const PDF_LINK_MESSAGES = {
  loginRequired: 'You must be logged in to link PDFs.',
  failed: 'Failed to link PDF.',
  noId: 'Failed to link PDF: No ID returned',
  notStored: 'The PDF was not found in this workspace',
  thumbnailNotBeside: 'The thumbnail must be stored beside its PDF',
} as const;

/** Longest file name kept for a PDF. */
export const PDF_FILENAME_MAX = 255;

/** A file name fit to keep and to send back in a header: no folders, no control characters. */
export function cleanPdfFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'document.pdf').slice(0, PDF_FILENAME_MAX);
}

const storedPath = (what: string) =>
  z.string({ error: `${what} is required` }).regex(STORED_PATH, `${what} is not a stored file path`);

/**
 * The body of POST /api/linkKnowledgePdf (spec section 7). The server trusts
 * none of it beyond the ids: it checks the files itself, and reads the PDF's
 * text itself (`extractedText` is accepted and ignored, decision 16).
 */
export const linkPdfInputSchema = z.object({
  knowledgeId: knowledgeRefSchema,
  accountId: accountIdSchema,
  pdfPath: storedPath('pdfPath'),
  pdfFilename: z
    .string({ error: 'pdfFilename is required' })
    .trim()
    .min(1, 'pdfFilename is required')
    .max(PDF_FILENAME_MAX, `pdfFilename must be at most ${PDF_FILENAME_MAX} characters`),
  thumbnailPath: storedPath('thumbnailPath'),
  thumbnailDataUrl: z.string().optional(),
  extractedText: z.string().optional(),
});
export type LinkPdfInput = z.infer<typeof linkPdfInputSchema>;

/** What linking answers. */
export const linkPdfResultSchema = z.object({ knowledge_pdf_id: z.uuid() });
