import { Hono } from 'hono';
import { profileInputSchema } from '../../../common/profile';
import type { AppDeps, AppEnv } from '../../app-env';
import { currentUser, requireUser } from '../../auth/session-middleware';
import { findProfileWithEmail, updateFullName } from '../../data/profiles';
import { notFound } from '../../errors';
import { parseInput, readJson } from '../../validation';

/** /api/me: the signed-in user and their profile. */
export function meRoutes({ database: { db } }: AppDeps) {
  const present = async (userId: string) => {
    const row = await findProfileWithEmail(db, userId);
    if (!row) throw notFound('User not found');
    return {
      id: row.id,
      email: row.email,
      profile: { full_name: row.full_name, avatar_url: row.avatar_url, mfa_enabled: row.mfa_enabled ?? false },
    };
  };

  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => c.json({ data: await present(currentUser(c).id) }))
    .patch('/profile', async (c) => {
      const { full_name } = parseInput(profileInputSchema, await readJson(c));
      const userId = currentUser(c).id;
      await updateFullName(db, userId, full_name);
      return c.json({ data: await present(userId) });
    });
}
