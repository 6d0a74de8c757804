import * as api from '../../../common/api/me';
import type { MeDto } from '../../../common/profile';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentUser } from '../../auth/guards';
import { findProfileWithEmail, updateFullName } from '../../data/profiles';
import type { Executor } from '../../data/executor';
import { notFound } from '../../errors';

async function presentMe(db: Executor, userId: string): Promise<MeDto> {
  const row = await findProfileWithEmail(db, userId);
  if (!row) throw notFound('User not found');
  return {
    id: row.id,
    email: row.email,
    profile: { full_name: row.full_name, avatar_url: row.avatar_url, mfa_enabled: row.mfa_enabled ?? false },
  };
}

/** /api/me: the signed-in user and their profile. */
export function meRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter(deps)
    .openapi(api.getMe, async (c) => c.json({ data: await presentMe(db, currentUser(c).id) }, 200))
    .openapi(api.updateProfile, async (c) => {
      const userId = currentUser(c).id;
      await updateFullName(db, userId, c.req.valid('json').full_name);
      return c.json({ data: await presentMe(db, userId) }, 200);
    });
}
