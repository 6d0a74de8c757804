import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';

/** The one header better-auth reads the client's address from; set only here. */
export const CLIENT_IP_HEADER = 'x-lore-client-ip';

/**
 * Decides who the client is before anything rate-limits on it. Without a
 * trusted proxy the socket address is the truth, so a forged X-Forwarded-For
 * changes nothing; behind a proxy (TRUST_PROXY) its last hop is used.
 */
export function clientIp(options: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    const socketAddress = safeSocketAddress(c);
    const forwarded = headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const address = options.trustProxy && forwarded?.length ? forwarded[forwarded.length - 1]! : socketAddress;
    headers.delete(CLIENT_IP_HEADER);
    if (address) headers.set(CLIENT_IP_HEADER, address);
    await next();
  };
}

function safeSocketAddress(c: Parameters<MiddlewareHandler>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
