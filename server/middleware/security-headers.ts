import { secureHeaders } from 'hono/secure-headers';

/**
 * The headers every answer carries, from hono/secure-headers: a CSP that allows only
 * our own scripts (no inline script), no framing, no MIME sniffing, and a conservative
 * referrer. HSTS only when Lore's address is https: over plain http it means nothing to
 * browsers and would misstate how Lore is served. An answer that sets one of these
 * itself keeps its own (stored files get a stricter CSP).
 */
export function securityHeaders(options: { baseUrl: string }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix positions popovers with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: new URL(options.baseUrl).protocol === 'https:',
    overwrite: false,
  });
}
