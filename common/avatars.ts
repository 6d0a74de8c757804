/** How long a signed avatar URL works: 7 days (spec section 9). */
export const AVATAR_URL_LIFETIME_SECONDS = 604_800;
/** The side of the square an uploaded avatar is scaled down to, in pixels. */
export const AVATAR_SIZE = 256;

/** Said when a signed avatar URL's `expires` has passed. */
export const AVATAR_URL_EXPIRED_MESSAGE = 'This avatar link has expired';
/** Said when a signed avatar URL's token does not match its bucket, path and expiry. */
export const AVATAR_URL_INVALID_MESSAGE = 'This avatar link is not valid';

/**
 * When a signed avatar URL stops working, in ms since the epoch, read from its
 * `expires` parameter (seconds); undefined when it carries none.
 */
export function avatarUrlExpiresAt(url: string): number | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const expires = new URLSearchParams(query).get('expires');
  return expires && /^\d+$/.test(expires) ? Number(expires) * 1000 : undefined;
}

/** An avatar URL is expired when its expires parameter is in the past (spec section 5). */
export function isAvatarUrlExpired(url: string, now = Date.now()): boolean {
  const expiresAt = avatarUrlExpiresAt(url);
  return expiresAt !== undefined && expiresAt <= now;
}
