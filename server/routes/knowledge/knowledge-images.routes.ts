import crypto from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPES_MESSAGE, KNOWLEDGE_IMAGES_BUCKET, MAX_IMAGE_BYTES, secureImageUrl, type UploadedImageDto } from '../../../common/files';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireMembership } from '../../auth/membership-middleware';
import { requireUser } from '../../auth/session-middleware';
import { AppError, badRequest, forbidden } from '../../errors';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { detectImageType } from '../../storage/image-types';

const tooLarge = () => new AppError(413, 'too_large', IMAGE_TOO_LARGE_MESSAGE);
/** Room for the multipart envelope around a file of the maximum size. */
const ENVELOPE_BYTES = 64 * 1024;

/** POST /api/accounts/:accountId/knowledge-images: stores an image for an article (multipart field `file`). */
export function knowledgeImagesRoutes({ database: { db }, files }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/',
    requireUser,
    requireMembership(db),
    bodyLimit({ maxSize: MAX_IMAGE_BYTES + ENVELOPE_BYTES, onError: () => { throw tooLarge(); } }),
    async (c) => {
      const { accountId, role } = c.get('membership');
      if (!knowledgePolicy.write(role)) throw forbidden();
      const body = await c.req.parseBody().catch(() => {
        throw badRequest('Send the image as multipart form data in the field "file"', 'invalid_upload');
      });
      const file = body.file;
      if (!(file instanceof File)) throw badRequest('Send the image as multipart form data in the field "file"', 'invalid_upload');
      if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
      if (file.size === 0) throw badRequest('The image is empty', 'invalid_upload');
      const data = new Uint8Array(await file.arrayBuffer());
      const type = await detectImageType(data);
      if (!type) throw new AppError(415, 'unsupported_type', IMAGE_TYPES_MESSAGE);
      const path = `${accountId}/${crypto.randomUUID()}.${type.ext}`;
      await files.put(KNOWLEDGE_IMAGES_BUCKET, path, data);
      const image: UploadedImageDto = { bucket: KNOWLEDGE_IMAGES_BUCKET, path, url: secureImageUrl(KNOWLEDGE_IMAGES_BUCKET, path) };
      return c.json({ data: image }, 201);
    },
  );
}
