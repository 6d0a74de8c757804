/** Who is signed in: the session check every page makes before anything else. */
import { queryOptions } from '@tanstack/react-query';
import { retryAfterOf } from '@common/api/client';
import { drawingOnServer, fetchLore } from './fetch-lore';
import { isBusyAnswer, noteServerBusy } from './server-busy';
import { wipeAuthData } from './local-data';
import { setSignedInUser } from './session-end';

export interface CurrentSession {
  /** `createdAt`: when the person's user was made, at their first sign-in. */
  user: { id: string; email: string; name: string; createdAt: string };
  /** When this sign-in happened (the session's start); with `user.createdAt` it tells a first sign-in. */
  signedInAt: string;
  /** 'pending' while the session owes its two-factor code (decision 4). */
  secondFactor: 'none' | 'pending' | 'verified';
}

/** The initial session fetch: up to 3 attempts with these time-outs, 1 s apart (spec section 9). */
export const SESSION_FETCH_TIMEOUTS_MS = [5_000, 8_000, 11_000];
const PAUSE_MS = 1_000;

/**
 * Why the session could not be checked, never a sign-out: `offline` when Lore could not be
 * reached at all; `busy` when it answered that it is busy (429 or 503 with Retry-After, in
 * `retryAfterSeconds`); `server` when it answered with another failure.
 */
export class SessionCheckError extends Error {
  override name = 'SessionCheckError';
  constructor(
    message: string,
    readonly reason: 'offline' | 'busy' | 'server' = 'offline',
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

async function fetchSessionOnce(timeoutMs: number): Promise<CurrentSession | null> {
  const response = await fetchLore('/api/auth/get-session', {
    credentials: 'same-origin',
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((failure: unknown) => {
    throw new SessionCheckError(failure instanceof Error ? failure.message : 'Failed to fetch', 'offline');
  });
  if (!response.ok) {
    const retryAfter = retryAfterOf(response);
    if (isBusyAnswer(response.status, retryAfter)) {
      if (!drawingOnServer()) noteServerBusy(retryAfter!);
      throw new SessionCheckError(`HTTP error ${response.status}`, 'busy', retryAfter);
    }
    throw new SessionCheckError(`HTTP error ${response.status}`, 'server');
  }
  const body = (await response.json()) as {
    user?: CurrentSession['user'];
    session?: { secondFactor?: CurrentSession['secondFactor']; createdAt?: string };
  } | null;
  if (!body?.user) return null;
  const { id, email, name, createdAt } = body.user;
  return {
    user: { id, email, name, createdAt },
    // Without a start time, the sign-in counts as happening now.
    signedInAt: body.session?.createdAt ?? new Date().toISOString(),
    secondFactor: body.session?.secondFactor ?? 'none',
  };
}

/** Asks who is signed in, retrying network trouble and time-outs; with no session, local auth data is wiped. */
export async function fetchSession(
  timeouts = SESSION_FETCH_TIMEOUTS_MS,
  pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<CurrentSession | null> {
  let lastError: unknown;
  for (const [attempt, timeout] of timeouts.entries()) {
    if (attempt > 0) await pause(PAUSE_MS);
    try {
      const session = await fetchSessionOnce(timeout);
      // The page's own bookkeeping: a page the server renders takes its session from the page (main.tsx).
      if (!drawingOnServer()) noteSession(session);
      return session;
    } catch (error) {
      lastError = error;
      // Lore said when to ask again: asking sooner would not help.
      if (error instanceof SessionCheckError && error.reason === 'busy') throw error;
    }
  }
  if (lastError instanceof SessionCheckError) throw lastError;
  throw new SessionCheckError(lastError instanceof Error ? lastError.message : 'Failed to check the session');
}

/** What the page keeps of who is signed in: a 401 signs out only while someone is; with nobody, their local data goes. */
export function noteSession(session: CurrentSession | null): void {
  setSignedInUser(session?.user.id ?? null);
  if (!session) wipeAuthData();
}

/** Who is signed in (null when nobody); the guards and the shell read it. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => fetchSession(),
  staleTime: 60_000,
  // fetchSession retries by itself, with the spec's time-outs.
  retry: false,
});
