import crypto from 'node:crypto';
import * as api from '../../../common/api/avatars';
import { AVATARS_BUCKET } from '../../../common/files';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentUser } from '../../auth/guards';
import { sharesWorkspace } from '../../data/account-members';
import { findAvatarPath, replaceAvatarPath } from '../../data/profiles';
import { notFound } from '../../errors';
import { presentMe } from '../../presenters/me-presenter';
import { prepareAvatar } from '../../storage/avatar-image';
import { avatarUrlsOf } from '../../storage/avatar-urls';
import { limitImageUpload, readImageUpload } from '../../storage/image-upload';
import { detectImageType } from '../../storage/image-types';

/** Avatars: upload and remove one's own, hand out signed URLs, and serve a file to a valid signed URL. */
export function avatarsRoutes(deps: AppDeps) {
  const { files, logger } = deps;
  const { db } = deps.database;
  const avatars = () => avatarUrlsOf(deps.auth);

  /** Points the profile at `path` and removes the file it pointed at before. */
  const swapAvatar = async (userId: string, path: string | null) => {
    const previous = await replaceAvatarPath(db, userId, path);
    if (previous && previous !== path && previous.startsWith(`${userId}/`)) {
      // The profile no longer names it; a file that cannot be removed now is left to the sweep.
      await files
        .remove(AVATARS_BUCKET, [previous])
        .catch((error: unknown) => logger.warn({ err: error, userId }, 'Could not remove a replaced avatar'));
    }
  };

  return createRouter(deps)
    .openapi({ ...api.uploadAvatar, middleware: [limitImageUpload] }, async (c) => {
      const userId = currentUser(c).id;
      const upload = await readImageUpload(c);
      const avatar = await prepareAvatar(upload);
      const path = `${userId}/${crypto.randomUUID()}.${avatar.ext}`;
      await files.put(AVATARS_BUCKET, path, avatar.data);
      try {
        await swapAvatar(userId, path);
      } catch (error) {
        await files.remove(AVATARS_BUCKET, [path]).catch(() => {});
        throw error;
      }
      return c.json({ data: await presentMe(db, await avatars(), userId) }, 200);
    })
    .openapi(api.removeAvatar, async (c) => {
      const userId = currentUser(c).id;
      await swapAvatar(userId, null);
      return c.json({ data: await presentMe(db, await avatars(), userId) }, 200);
    })
    .openapi(api.getUserAvatar, async (c) => {
      const { userId } = c.req.valid('param');
      // Strangers learn nothing, not even whether the person exists.
      if (!(await sharesWorkspace(db, currentUser(c).id, userId))) throw notFound('User not found');
      const path = await findAvatarPath(db, userId);
      return c.json({ data: { avatar_url: (await avatars()).present(userId, path) } }, 200);
    })
    .openapi(api.getAvatarImage, async (c) => {
      const query = c.req.valid('query');
      (await avatars()).check(query);
      const data = await files.get(AVATARS_BUCKET, query.path);
      if (!data) throw notFound('Avatar not found');
      const type = await detectImageType(data);
      if (!type) throw notFound('Avatar not found');
      const secondsLeft = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
      return c.body(data.slice().buffer as ArrayBuffer, 200, {
        'content-type': type.mime,
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        // A stored avatar never changes (a new one gets a new path); the URL stops working at `expires`.
        'cache-control': `private, max-age=${Math.min(secondsLeft, 86_400)}`,
      });
    });
}
