import type { Kysely } from 'kysely';
import { AVATARS_BUCKET } from '../../common/files';
import { avatarPathsOf } from '../data/profiles';
import type { DB } from '../db/schema';
import type { FileStore } from '../storage/file-store';

/** An avatar file younger than this is kept: its upload may not have reached the profile yet. */
export const AVATAR_GRACE_MS = 60 * 60_000;
/** Users whose profiles are read in one query. */
const BATCH = 200;

/**
 * Removes avatar files no profile names: left by an upload that failed between
 * storing the file and saving the profile, or by a removal that could not
 * delete its file, and deleted users' folders. Replacing or removing an avatar
 * deletes its file at once; this only catches what that missed.
 */
export async function cleanUpAvatars(deps: { db: Kysely<DB>; files: FileStore }, signal: AbortSignal): Promise<number> {
  const { db, files } = deps;
  const cutoff = Date.now() - AVATAR_GRACE_MS;
  const folders = await files.listFolders(AVATARS_BUCKET);
  let removed = 0;
  for (let start = 0; start < folders.length; start += BATCH) {
    signal.throwIfAborted();
    const userIds = folders.slice(start, start + BATCH);
    const current = await avatarPathsOf(db, userIds);
    for (const userId of userIds) {
      const stale = (await files.listFolder(AVATARS_BUCKET, userId))
        .filter((file) => !current.has(file.path) && file.modifiedAt.getTime() <= cutoff)
        .map((file) => file.path);
      if (stale.length > 0) await files.remove(AVATARS_BUCKET, stale);
      removed += stale.length;
    }
  }
  return removed;
}
