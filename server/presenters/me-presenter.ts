import { displayNameOf, type MeDto } from '../../common/profile';
import { findProfileWithEmail } from '../data/profiles';
import type { Executor } from '../data/executor';
import { notFound } from '../errors';
import type { AvatarUrls } from '../storage/avatar-urls';

/** The signed-in user as GET /api/me shows them, with their avatar as a fresh signed URL. */
export async function presentMe(db: Executor, avatars: AvatarUrls, userId: string): Promise<MeDto> {
  const row = await findProfileWithEmail(db, userId);
  if (!row) throw notFound('User not found');
  return {
    id: row.id,
    email: row.email,
    profile: {
      full_name: row.full_name,
      avatar_url: avatars.present(row.id, row.avatar_url),
      mfa_enabled: row.mfa_enabled ?? false,
    },
    display_name: displayNameOf(row.full_name, row.email),
    ask_for_name: !row.full_name && !row.name_prompt_skipped_at,
  };
}
