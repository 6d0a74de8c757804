import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

/** The one header better-auth reads the client's address from; set only here. */
export const CLIENT_IP_HEADER = 'x-lore-client-ip';

/**
 * Decides who the client is before anything rate-limits on it. Without a
 * trusted proxy the socket address is the truth, so a forged X-Forwarded-For
 * changes nothing; behind a proxy (TRUST_PROXY) its last hop is used. The first
 * X-Forwarded-For seen without TRUST_PROXY is logged once: Lore is likely behind a
 * proxy that makes everyone one address.
 */
export function clientIp(options: { trustProxy: boolean; logger?: Pick<Logger, 'warn'> }): MiddlewareHandler {
  let warned = false;
  return async (c, next) => {
    const headers = c.req.raw.headers;
    const socketAddress = safeSocketAddress(c);
    const forwarded = headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (forwarded?.length && !options.trustProxy && !warned) {
      warned = true;
      options.logger?.warn(
        { socketAddress, forwardedFor: forwarded },
        'A request came through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every person behind it ' +
          "has the proxy's address. If Lore runs behind your reverse proxy, set TRUST_PROXY=true (README).",
      );
    }
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
