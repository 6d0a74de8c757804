import crypto from 'node:crypto';
import {
  AVATAR_URL_EXPIRED_MESSAGE,
  AVATAR_URL_INVALID_MESSAGE,
  AVATAR_URL_LIFETIME_SECONDS,
} from '../../common/avatars';
import type { AvatarImageQuery } from '../../common/api/avatars';
import { AVATARS_BUCKET, STORED_PATH } from '../../common/files';
import { AppError } from '../errors';

/** Issue times are rounded down to this, so a URL handed out again within the hour is the same (and cached). */
const ISSUE_STEP_SECONDS = 3600;

/** Signs and checks avatar URLs: `/api/avatarImage?bucket=avatars&path&token&expires`. */
export interface AvatarUrls {
  /** The signed URL of a stored avatar, valid 7 days from (about) `now`. */
  sign(path: string, now?: number): string;
  /** Throws a 403 unless the query's token matches its bucket, path and expiry, and that expiry is still ahead. */
  check(query: AvatarImageQuery, now?: number): void;
  /** The avatar URL of a profile's stored path, or null when it holds none of that user's files. */
  present(userId: string, storedPath: string | null | undefined, now?: number): string | null;
}

/**
 * Avatar URL signing with a key derived from the server's auth secret (HMAC of
 * a fixed label), so a URL token can never stand in for anything else the secret
 * signs, and no second secret needs keeping.
 */
export function avatarUrls(authSecret: string): AvatarUrls {
  const key = crypto.createHmac('sha256', authSecret).update('lore avatar url key v1').digest();
  const tokenOf = (bucket: string, path: string, expires: string) =>
    crypto.createHmac('sha256', key).update(`${bucket}\n${path}\n${expires}`).digest('base64url');

  const sign = (path: string, now = Date.now()) => {
    const issued = Math.floor(now / 1000 / ISSUE_STEP_SECONDS) * ISSUE_STEP_SECONDS;
    const expires = String(issued + AVATAR_URL_LIFETIME_SECONDS);
    const query = new URLSearchParams({
      bucket: AVATARS_BUCKET,
      path,
      token: tokenOf(AVATARS_BUCKET, path, expires),
      expires,
    });
    return `/api/avatarImage?${query}`;
  };

  return {
    sign,
    check({ bucket, path, token, expires }, now = Date.now()) {
      const expected = Buffer.from(tokenOf(bucket, path, expires));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
        throw new AppError(403, 'invalid_token', AVATAR_URL_INVALID_MESSAGE);
      }
      if (Number(expires) * 1000 <= now) throw new AppError(403, 'url_expired', AVATAR_URL_EXPIRED_MESSAGE);
    },
    present(userId, storedPath, now) {
      if (!storedPath || !STORED_PATH.test(storedPath) || !storedPath.startsWith(`${userId}/`)) return null;
      return sign(storedPath, now);
    },
  };
}

const cache = new WeakMap<object, Promise<AvatarUrls>>();

/** The avatar URL signer of an auth instance, keyed by the secret its context carries. */
export function avatarUrlsOf(auth: { $context: Promise<{ secret: string }> }): Promise<AvatarUrls> {
  let urls = cache.get(auth);
  if (!urls) {
    urls = auth.$context.then((context) => avatarUrls(context.secret));
    cache.set(auth, urls);
  }
  return urls;
}
