import crypto from 'node:crypto';
import { uploadKnowledgeImage } from '../../../common/api/knowledge';
import { KNOWLEDGE_IMAGES_BUCKET, secureImageUrl } from '../../../common/files';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { limitImageUpload, readImageUpload } from '../../storage/image-upload';

/** POST /api/accounts/:accountId/knowledge-images: stores an image for an article (multipart field `file`). */
export function knowledgeImagesRoutes(deps: AppDeps) {
  const { files } = deps;
  return createRouter(deps).openapi({ ...uploadKnowledgeImage, middleware: [limitImageUpload] }, async (c) => {
    const { accountId, role } = currentMembership(c);
    authorize(knowledgePolicy.write, { role });
    const { data, ext } = await readImageUpload(c);
    const path = `${accountId}/${crypto.randomUUID()}.${ext}`;
    await files.put(KNOWLEDGE_IMAGES_BUCKET, path, data);
    return c.json(
      { data: { bucket: KNOWLEDGE_IMAGES_BUCKET, path, url: secureImageUrl(KNOWLEDGE_IMAGES_BUCKET, path) } },
      201,
    );
  });
}
