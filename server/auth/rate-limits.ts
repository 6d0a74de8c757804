import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../app-env';
import type { DB } from '../db/schema';
import { countRequest, forgetRequestCounts } from '../data/rate-limits';

/** A limit: at most `max` requests in each window of `window` seconds. */
export interface RateRule {
  window: number;
  max: number;
}

/**
 * What Lore limits (decision 26). Never the session check, page loads or reads: a whole
 * office shares one address. Only what an attacker would repeat, counted by whom it
 * concerns: login links per e-mail (one a minute, `claimLoginLinkSlot`) and, generously,
 * per address; two-factor codes per user (three, then 30 s: `server/data/two-factor.ts`);
 * and bursts of writes per session.
 */
export const RATE_LIMITS = {
  /** Starting a sign-in (a login link, Google, Apple) or coming back from one, from one address. */
  signInPerAddress: { window: 60, max: 60 },
  /** Changes (any request but a read) made by one session. */
  writesPerSession: { window: 60, max: 120 },
  /** Comments (new, replies and edits) written by one person, through any session or token (decision 38). */
  commentsPerPerson: { window: 60, max: 30 },
} as const satisfies Record<string, RateRule>;

/**
 * better-auth's rules by path (the paths of Lore's routes under /api/auth). Its own
 * counting would refuse a shared address every page load's session check.
 */
export const AUTH_RATE_RULES: Record<string, RateRule | false> = {
  '/get-session': false,
  '/sign-out': false,
  '/sign-in/*': RATE_LIMITS.signInPerAddress,
  '/callback/*': RATE_LIMITS.signInPerAddress,
  '/oauth2/callback/*': RATE_LIMITS.signInPerAddress,
  '/magic-link/verify': RATE_LIMITS.signInPerAddress,
};

/** How often old counts are cleared away. */
const PRUNE_EVERY_MS = 60_000;
/** Counts older than this are of no window any more. */
const LONGEST_WINDOW_MS = 60 * 60_000;

/**
 * Fixed-window counters in the database (`auth_rate_limits`), so every Lore process on it
 * shares one limit. A window starts at its first request and ends on time, however busy
 * it was (better-auth's own counter restarted only after a quiet window).
 */
export function createRateLimiter(db: Kysely<DB>, now: () => number = Date.now) {
  let prunedAt = 0;
  return {
    /** Counts one request; `retryAfter` is the seconds to wait when it is over the limit. */
    async consume(key: string, rule: RateRule): Promise<{ allowed: boolean; retryAfter: number | null }> {
      const at = now();
      const { count, secondsLeft } = await countRequest(db, key, rule.window, at);
      if (at - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = at;
        await forgetRequestCounts(db, at - LONGEST_WINDOW_MS);
      }
      return count <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: secondsLeft };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The text of a refused sign-in: the sign-in page reads the seconds from 'after N seconds'. */
export const signInRefusal = (seconds: number) =>
  `Too many sign-ins from your network. For security purposes, you can only request this after ${seconds} seconds.`;

/**
 * better-auth's answers, with `Retry-After` on each 429 (it sends only `X-Retry-After`,
 * or, for a login link asked again too soon, the seconds in its message) and, for its
 * own limit, a message that says how long.
 */
export async function withRetryAfter(answer: Response): Promise<Response> {
  if (answer.status !== 429 || answer.headers.has('retry-after')) return answer;
  const headers = new Headers(answer.headers);
  const told = headers.get('x-retry-after');
  if (told) {
    headers.set('retry-after', told);
    headers.set('content-type', 'application/json');
    const body = JSON.stringify({ message: signInRefusal(Number(told)), code: 'RATE_LIMITED' });
    return new Response(body, { status: 429, headers });
  }
  const text = await answer.text();
  headers.set('retry-after', /after (\d+) seconds/.exec(text)?.[1] ?? '60');
  return new Response(text, { status: 429, headers });
}

/** The refusal of a write burst; `retryAfterSeconds` as the two-factor lockout gives it. */
export const WRITES_REFUSED = 'Too many changes at once. Please wait a moment and try again.';

/**
 * Limits each session's and API token's writes (RATE_LIMITS.writesPerSession); reads are never limited,
 * nor the POSTs in `reads` (fixed paths) that only read, such as the AI search.
 */
export function limitWrites(
  limiter: RateLimiter,
  options: { enabled: boolean; reads: Array<{ method: string; path: string }> },
): MiddlewareHandler<AppEnv> {
  const reads = new Set(options.reads.map(({ method, path }) => `${method.toUpperCase()} ${path}`));
  return async (c, next) => {
    // A session's writes, or an API token's (counted apart from its owner's sessions).
    const writer = c.get('session')?.id ?? (c.get('apiToken') ? `token:${c.get('apiToken')!.id}` : undefined);
    if (!options.enabled || !writer || ['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next();
    if (reads.has(`${c.req.method} ${c.req.path}`)) return next();
    const { allowed, retryAfter } = await limiter.consume(`writes|${writer}`, RATE_LIMITS.writesPerSession);
    if (allowed) return next();
    c.header('Retry-After', String(retryAfter));
    return c.json({ error: WRITES_REFUSED, code: 'rate_limited', retryAfterSeconds: retryAfter }, 429);
  };
}
