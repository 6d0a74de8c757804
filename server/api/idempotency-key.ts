import type { Context } from 'hono';
import { IDEMPOTENCY_KEY_HEADER } from '../../common/api/client';
import { badRequest } from '../errors';

/** A key is a short token of visible ASCII, as clients generate (a UUID, say). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, if it sent one; a malformed key is a 400. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY.test(key)) throw badRequest(`The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 255 visible characters`);
  return key;
}
