import crypto from 'node:crypto';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { linkKnowledgePdf, uploadKnowledgePdf } from '../../../common/api/knowledge-pdfs';
import {
  KNOWLEDGE_PDFS_BUCKET,
  MAX_PDF_BYTES,
  MAX_THUMBNAIL_BYTES,
  PDF_TOO_LARGE_MESSAGE,
  PDF_TYPE_MESSAGE,
  THUMBNAIL_TYPE_MESSAGE,
  pdfThumbnailPath,
  secureImageUrl,
} from '../../../common/files';
import { cleanPdfFilename, PDF_LINK_MESSAGES } from '../../../common/knowledge-pdfs';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { insertKnowledgePdf } from '../../data/knowledge-pdfs';
import { loadKnowledge } from '../../data/load-knowledge';
import { readScopeOf } from '../../data/collection-access';
import { AppError, badRequest, notFound } from '../../errors';
import { enqueueJob } from '../../data/jobs';
import { READ_PDF } from '../../jobs/read-pdf';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { dataUrlBytes, looksLikePdf, reencodeThumbnail } from '../../storage/pdf';

const tooLarge = () => new AppError(413, 'too_large', PDF_TOO_LARGE_MESSAGE);
const notAPdf = () => new AppError(415, 'unsupported_type', PDF_TYPE_MESSAGE);
const notAnImage = () => new AppError(415, 'unsupported_type', THUMBNAIL_TYPE_MESSAGE);
const notAFile = () =>
  badRequest('Send the PDF as multipart form data in the field "file", its thumbnail in "thumbnail"', 'invalid_upload');
/** Room for the multipart envelope around the files. */
const ENVELOPE_BYTES = 64 * 1024;

/** The body limit of the PDF upload: the largest PDF and thumbnail in their envelope. */
export const limitPdfUpload = bodyLimit({
  maxSize: MAX_PDF_BYTES + MAX_THUMBNAIL_BYTES + ENVELOPE_BYTES,
  onError: (c) => {
    c.header('Connection', 'close');
    throw tooLarge();
  },
});

async function readPdfUpload(c: Context) {
  const body = await c.req.parseBody().catch(() => {
    throw notAFile();
  });
  const { file, thumbnail } = body;
  if (!(file instanceof File) || !(thumbnail instanceof File)) throw notAFile();
  if (file.size > MAX_PDF_BYTES) throw tooLarge();
  if (thumbnail.size > MAX_THUMBNAIL_BYTES) throw new AppError(413, 'too_large', 'The thumbnail is too large');
  const data = new Uint8Array(await file.arrayBuffer());
  // Judged by its first bytes only: pdf.js reads it in the background once it is attached (decision 28).
  if (!looksLikePdf(data)) throw notAPdf();
  const thumb = await reencodeThumbnail(new Uint8Array(await thumbnail.arrayBuffer()));
  if (!thumb) throw notAnImage();
  return { data, thumb, filename: cleanPdfFilename(file.name) };
}

/**
 * PDFs in articles: POST /api/accounts/:accountId/knowledge-pdfs stores one
 * with its thumbnail; POST /api/linkKnowledgePdf (spec section 7) attaches a
 * stored one to an item after checking both files, and queues the reading of its
 * text. Neither waits on pdf.js (decision 28).
 */
export function knowledgePdfsRoutes(deps: AppDeps) {
  const {
    files,
    database: { db },
  } = deps;
  return createRouter(deps)
    .openapi({ ...uploadKnowledgePdf, middleware: [limitPdfUpload] }, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(knowledgePolicy.write, { role });
      const { data, thumb, filename } = await readPdfUpload(c);
      const path = `${accountId}/${crypto.randomUUID()}.pdf`;
      const thumbnailPath = pdfThumbnailPath(path);
      await files.put(KNOWLEDGE_PDFS_BUCKET, path, data);
      await files.put(KNOWLEDGE_PDFS_BUCKET, thumbnailPath, thumb);
      return c.json(
        {
          data: {
            bucket: KNOWLEDGE_PDFS_BUCKET,
            path,
            url: secureImageUrl(KNOWLEDGE_PDFS_BUCKET, path),
            thumbnailPath,
            thumbnailUrl: secureImageUrl(KNOWLEDGE_PDFS_BUCKET, thumbnailPath),
            filename,
          },
        },
        201,
      );
    })
    .openapi(linkKnowledgePdf, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(knowledgePolicy.write, { role });
      const input = c.req.valid('json');
      const item = await loadKnowledge(db, await readScopeOf(db, currentMembership(c)), input.knowledgeId);
      // Another account's path reads as missing: nothing says whether it exists.
      if (!input.pdfPath.startsWith(`${accountId}/`) || !input.pdfPath.endsWith('.pdf')) {
        throw notFound(PDF_LINK_MESSAGES.notStored);
      }
      if (input.thumbnailPath !== pdfThumbnailPath(input.pdfPath))
        throw badRequest(PDF_LINK_MESSAGES.thumbnailNotBeside);
      const data = await files.get(KNOWLEDGE_PDFS_BUCKET, input.pdfPath);
      if (!data) throw notFound(PDF_LINK_MESSAGES.notStored);
      if (!looksLikePdf(data)) throw notAPdf();
      await ensureThumbnail(input.thumbnailPath, input.thumbnailDataUrl);
      // The server reads the text in the background (a `read_pdf` job, decision 28); what the browser
      // says it read (`extractedText`) is not used (decision 16). The row and its job commit together:
      // a crash leaves the PDF 'reading' with its job queued, never without one.
      const id = await db.transaction().execute(async (trx) => {
        const attached = await insertKnowledgePdf(trx, {
          knowledgeId: item.id,
          accountId,
          pdfPath: input.pdfPath,
          filename: cleanPdfFilename(input.pdfFilename),
          thumbnailPath: input.thumbnailPath,
        });
        await enqueueJob(trx, { kind: READ_PDF, key: attached });
        return attached;
      });
      return c.json({ knowledge_pdf_id: id }, 201);
    });

  /** The stored thumbnail must decode as an image; a missing one is made from the data URL, re-encoded. */
  async function ensureThumbnail(thumbnailPath: string, dataUrl: string | undefined) {
    const stored = await files.get(KNOWLEDGE_PDFS_BUCKET, thumbnailPath);
    if (stored) {
      if (!(await reencodeThumbnail(stored))) throw notAnImage();
      return;
    }
    const sent = dataUrl ? dataUrlBytes(dataUrl) : null;
    if (!sent) throw notFound('The thumbnail was not found in this workspace');
    const thumb = await reencodeThumbnail(sent);
    if (!thumb) throw notAnImage();
    await files.put(KNOWLEDGE_PDFS_BUCKET, thumbnailPath, thumb);
  }
}
