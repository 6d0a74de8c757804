/** Spec section 9: "Connection test timeout", "Reconnect delays", "Realtime". */
export const CONNECTION_TEST_TIMEOUT_MS = 5_000;
/** Waits between failed attempts in a row: 1, 2, 5, then 10 s. */
export const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** Coming back to the tab tries again at once, but at most this often. */
export const VISIBILITY_RECONNECT_MS = 10_000;
/** Failed attempts in a row after which the tab counts as disconnected (it keeps trying). */
export const DISCONNECTED_AFTER_FAILURES = 3;
/** A stream silent this long (no event, no heartbeat: those come every 30 s) is taken as lost. */
export const SILENCE_LIMIT_MS = 75_000;

/** After a stream that was open drops: 1 s when the server answers the connection test, 2 s when it does not. */
export const delayAfterDrop = (serverAnswers: boolean) => (serverAnswers ? 1_000 : 2_000);

/** After the n-th failed attempt in a row (n from 1). */
export const delayAfterFailure = (failures: number) =>
  BACKOFF_MS[Math.min(Math.max(failures, 1), BACKOFF_MS.length) - 1]!;

/** Whether the tab becoming visible may try now, the last attempt having started at `lastAttemptAt`. */
export const mayTryOnVisible = (lastAttemptAt: number, now: number) => now - lastAttemptAt >= VISIBILITY_RECONNECT_MS;

/**
 * After a failed attempt to open the stream: `refused` is Lore's answer when it gave one (its status,
 * and Retry-After in seconds). Lore answering is never "offline": past the cap of open tabs (429)
 * it tries again slowly, busy or failing it tries again when asked (Retry-After) or on the usual
 * back-off. Only attempts that reached nothing count towards "disconnected".
 */
export function afterFailedAttempt(
  refused: { status: number; retryAfterSeconds?: number } | undefined,
  failures: number,
): { state: 'reconnecting' | 'disconnected'; delayMs: number } {
  if (refused?.status === 429) return { state: 'reconnecting', delayMs: delayAfterFailure(Infinity) };
  if (refused && refused.status >= 500) {
    const asked = refused.retryAfterSeconds;
    return { state: 'reconnecting', delayMs: asked ? asked * 1000 : delayAfterFailure(failures) };
  }
  return {
    state: failures >= DISCONNECTED_AFTER_FAILURES ? 'disconnected' : 'reconnecting',
    delayMs: delayAfterFailure(failures),
  };
}
