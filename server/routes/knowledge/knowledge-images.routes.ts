import crypto from 'node:crypto';
import { bodyLimit } from 'hono/body-limit';
import { uploadKnowledgeImage } from '../../../common/api/knowledge';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPES_MESSAGE,
  KNOWLEDGE_IMAGES_BUCKET,
  MAX_IMAGE_BYTES,
  secureImageUrl,
} from '../../../common/files';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { AppError, badRequest } from '../../errors';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { detectImageType } from '../../storage/image-types';

const tooLarge = () => new AppError(413, 'too_large', IMAGE_TOO_LARGE_MESSAGE);
const notAFile = () => badRequest('Send the image as multipart form data in the field "file"', 'invalid_upload');
/** Room for the multipart envelope around a file of the maximum size. */
const ENVELOPE_BYTES = 64 * 1024;
const limitBody = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + ENVELOPE_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

/** POST /api/accounts/:accountId/knowledge-images: stores an image for an article (multipart field `file`). */
export function knowledgeImagesRoutes(deps: AppDeps) {
  const { files } = deps;
  return createRouter(deps).openapi({ ...uploadKnowledgeImage, middleware: [limitBody] }, async (c) => {
    const { accountId, role } = currentMembership(c);
    authorize(knowledgePolicy.write, { role });
    const body = await c.req.parseBody().catch(() => {
      throw notAFile();
    });
    const file = body.file;
    if (!(file instanceof File)) throw notAFile();
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
    if (file.size === 0) throw badRequest('The image is empty', 'invalid_upload');
    const data = new Uint8Array(await file.arrayBuffer());
    const type = await detectImageType(data);
    if (!type) throw new AppError(415, 'unsupported_type', IMAGE_TYPES_MESSAGE);
    const path = `${accountId}/${crypto.randomUUID()}.${type.ext}`;
    await files.put(KNOWLEDGE_IMAGES_BUCKET, path, data);
    return c.json(
      { data: { bucket: KNOWLEDGE_IMAGES_BUCKET, path, url: secureImageUrl(KNOWLEDGE_IMAGES_BUCKET, path) } },
      201,
    );
  });
}
