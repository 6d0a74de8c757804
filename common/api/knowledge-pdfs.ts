import { z } from 'zod';
import { KNOWLEDGE_PDFS_BUCKET, MAX_PDF_BYTES } from '../files';
import { PDF_LINK_MESSAGES, linkPdfInputSchema, linkPdfResultSchema } from '../knowledge-pdfs';
import { accountParams } from './accounts';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';

/** A stored PDF and its thumbnail, to be linked to an item and shown through /api/secureImage. */
export const uploadedPdfSchema = z.object({
  bucket: z.literal(KNOWLEDGE_PDFS_BUCKET),
  path: z.string(),
  url: z.string(),
  thumbnailPath: z.string(),
  thumbnailUrl: z.string(),
  filename: z.string(),
});
export type UploadedPdfDto = z.infer<typeof uploadedPdfSchema>;

const tags = ['Knowledge'];

/** POST .../knowledge-pdfs: a PDF for an article (checked by content) with its first page's thumbnail. */
export const uploadKnowledgePdf = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge-pdfs',
  tags,
  summary: `Upload a PDF for an article (multipart field \`file\`, at most ${MAX_PDF_BYTES / 1024 / 1024} MB) with its first page's image in \`thumbnail\` (re-encoded as WebP beside it)`,
  request: {
    params: accountParams,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', format: 'binary' },
              thumbnail: { type: 'string', format: 'binary' },
            },
            required: ['file', 'thumbnail'],
          },
        },
      },
    },
  },
  responses: {
    201: ok(dataOf(uploadedPdfSchema), 'The stored PDF and thumbnail'),
    ...errors(400, 403, 413, 415),
  },
});

/**
 * POST /api/linkKnowledgePdf (spec section 7): attaches a stored PDF to an item; the server reads its
 * text in the background (the item's `pdf_processing` until then; decision 28).
 */
export const linkKnowledgePdf = defineEndpoint(
  'member',
  {
    method: 'post',
    path: '/api/linkKnowledgePdf',
    tags,
    summary:
      "Attach a stored PDF to an item: both files must be in the item's workspace; its text is read in the background",
    request: { body: jsonBody(linkPdfInputSchema) },
    responses: { 201: ok(linkPdfResultSchema, "The attachment's id"), ...errors(400, 403, 404, 415) },
  },
  { unauthenticatedMessage: PDF_LINK_MESSAGES.loginRequired },
);
