/**
 * The headers every answer carries (server/middleware/answers.ts): a CSP that allows
 * only our own scripts (no inline script), no framing, no MIME sniffing, and a
 * conservative referrer. HSTS only when Lore's address is https: over plain http it
 * means nothing to browsers and would misstate how Lore is served. An answer that
 * sets one of these itself keeps its own (stored files get a stricter CSP).
 */
export function securityHeaders(options: { baseUrl: string }): Record<string, string> {
  const contentSecurityPolicy = [
    "default-src 'self'",
    "script-src 'self'",
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': contentSecurityPolicy,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(new URL(options.baseUrl).protocol === 'https:'
      ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}
