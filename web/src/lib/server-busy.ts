/**
 * Lore said it is busy (a 429 or 503 with Retry-After: too many requests at once, or its
 * database reconnecting): for how long, for the banner that says so and counts down. Not
 * the same as offline: the browser reached Lore, which asked it to come back shortly.
 */
import { useSyncExternalStore } from 'react';

let busyUntil = 0;
let secondsLeft = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

/** Whether an answer is Lore asking to be asked again later, rather than refusing this request for good. */
export const isBusyAnswer = (status: number, retryAfterSeconds: number | undefined) =>
  (status === 503 || status === 429) && retryAfterSeconds !== undefined;

function update(now = Date.now()) {
  const next = Math.max(0, Math.ceil((busyUntil - now) / 1000));
  if (next === 0 && timer) {
    clearInterval(timer);
    timer = undefined;
  }
  if (next === secondsLeft) return;
  secondsLeft = next;
  for (const listener of listeners) listener();
}

/** Notes that Lore asked to come back in `seconds` (the latest such answer counts). */
export function noteServerBusy(seconds: number, now = Date.now()): void {
  busyUntil = now + seconds * 1000;
  update(now);
  if (secondsLeft > 0 && !timer && typeof window !== 'undefined') timer = setInterval(() => update(), 250);
}

/** Forgets the countdown (a test's clean slate). */
export function forgetServerBusy(): void {
  if (busyUntil === 0) return;
  busyUntil = 0;
  update();
}

/** Whole seconds until Lore said to try again; 0 when it has not said so, or has answered since. */
export const serverBusySeconds = () => secondsLeft;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The busy countdown in seconds, as it moves; 0 on the server and while Lore is not busy. */
export function useServerBusySeconds(): number {
  return useSyncExternalStore(subscribe, serverBusySeconds, () => 0);
}
