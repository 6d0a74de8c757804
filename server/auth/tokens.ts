import crypto from 'node:crypto';

/** A random, URL-safe secret for a link (256 bits). */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** What we store instead of a token: a leaked table does not leak usable links. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
