import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers on every response: a CSP that allows only our own scripts (no inline
 * script), no framing, no MIME sniffing, and a conservative referrer. HSTS only
 * when Lore's address is https: over plain http it means nothing to browsers
 * and would misstate how Lore is served. A route that sets one of these
 * headers itself keeps its own (stored files get a stricter CSP).
 */
export const securityHeaders = (options: { baseUrl: string }) =>
  secureHeaders({
    strictTransportSecurity: new URL(options.baseUrl).protocol === 'https:',
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
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    overwrite: false,
  });
