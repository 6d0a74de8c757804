import * as api from '../../../common/api/me';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentUser } from '../../auth/guards';
import { skipNamePrompt, updateFullName } from '../../data/profiles';
import { presentMe } from '../../presenters/me-presenter';
import { avatarUrlsOf } from '../../storage/avatar-urls';

/** /api/me: the signed-in user and their profile. */
export function meRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const avatars = () => avatarUrlsOf(deps.auth);
  return createRouter(deps)
    .openapi(api.getMe, async (c) => c.json({ data: await presentMe(db, await avatars(), currentUser(c).id) }, 200))
    .openapi(api.updateProfile, async (c) => {
      const userId = currentUser(c).id;
      await updateFullName(db, userId, c.req.valid('json').full_name);
      return c.json({ data: await presentMe(db, await avatars(), userId) }, 200);
    })
    .openapi(api.skipNamePrompt, async (c) => {
      const userId = currentUser(c).id;
      await skipNamePrompt(db, userId);
      return c.json({ data: await presentMe(db, await avatars(), userId) }, 200);
    });
}
