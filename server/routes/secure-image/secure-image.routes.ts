import { getSecureImage } from '../../../common/api/files';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { notFound } from '../../errors';
import { detectImageType } from '../../storage/image-types';

/** GET /api/secureImage?bucket&path: a stored file, only for members of the account that owns it (the guard checks). */
export function secureImageRoutes(deps: AppDeps) {
  const { files } = deps;
  return createRouter(deps).openapi(getSecureImage, async (c) => {
    const { bucket, path } = c.req.valid('query');
    const data = await files.get(bucket, path);
    if (!data) throw notFound('File not found');
    const type = await detectImageType(data);
    return c.body(data.slice().buffer as ArrayBuffer, 200, {
      'content-type': type?.mime ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'content-disposition': type ? 'inline' : 'attachment',
      'cache-control': 'private, max-age=3600',
    });
  });
}
