import { useEffect } from 'react';
import {
  createLoginSession,
  sessionActivity,
  sessionPulse,
  setPersistentTokenCookie,
  validateLoginSession,
} from '@common/api/routes';
import { api } from '@/lib/api-client';
import { loginSessionKey, newLoginSessionId, storedLoginSessionId } from '@/lib/login-session';
import { reportSessionEnd } from '@/lib/session-end';

/** Spec section 9: 3 validation attempts; activity every minute from the app shell, first after about 2 s; 1 s after coming back. */
export const MAX_VALIDATION_ATTEMPTS = 3;
export const ACTIVITY_INTERVAL_MS = 60_000;
export const FIRST_ACTIVITY_MS = 2_000;
export const RETURN_ACTIVITY_MS = 1_000;

const validate = (sessionId: string) => api(validateLoginSession, { query: { sessionId } });
const create = (sessionId: string) => api(createLoginSession, { json: { sessionId } });
const ping = (sessionId: string) => api(sessionActivity, { json: { sessionId } });
const renewCookie = () => api(setPersistentTokenCookie, { json: {} });
const pulse = (sessionId: string) => api(sessionPulse, { json: { sessionId } });

/**
 * This browser's login session for `userId`: validated or created (an invalid
 * or ended id is replaced; after 3 failed attempts a fresh one is made), kept
 * alive by activity pings, with the pulse as the fallback. When the pulse says
 * to log out, tracking stops and every tab signs out. Failures are swallowed.
 */
async function establish(userId: string): Promise<string> {
  for (let attempt = 1; attempt <= MAX_VALIDATION_ATTEMPTS; attempt++) {
    try {
      const stored = storedLoginSessionId(userId);
      if (stored && (await validate(stored)).valid) return stored;
      if (stored) localStorage.removeItem(loginSessionKey(userId));
      const fresh = newLoginSessionId(userId);
      await create(fresh);
      return fresh;
    } catch {
      // Tried again; after the last attempt, the recovery below.
    }
  }
  const recovered = newLoginSessionId(userId);
  await create(recovered).catch(() => {});
  return recovered;
}

/** Runs the login session from the app shell while `userId` is signed in. */
export function useLoginSession(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let sessionId: string | null = null;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (run: () => void, ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    };

    const checkPulse = async () => {
      if (stopped || !sessionId) return;
      const answer = await pulse(sessionId).catch(() => null);
      if (!answer?.shouldLogout || stopped) return;
      stopped = true;
      reportSessionEnd(answer.reason ?? 'expired');
    };
    const updateActivity = async () => {
      if (stopped || !sessionId) return;
      const answer = await ping(sessionId).catch(() => null);
      if (!answer?.updated) await checkPulse();
    };
    const tick = () => {
      void updateActivity();
      later(tick, ACTIVITY_INTERVAL_MS);
    };
    const soon = () => later(() => void updateActivity(), RETURN_ACTIVITY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') soon();
    };

    // The session cookie secures image requests: renewed for its full lifetime on each start (decision 13).
    void renewCookie().catch(() => {});
    void establish(userId).then((id) => {
      sessionId = id;
      if (!stopped) later(tick, FIRST_ACTIVITY_MS);
    });
    window.addEventListener('online', soon);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      window.removeEventListener('online', soon);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);
}
