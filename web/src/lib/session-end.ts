/**
 * When the session ends (signed out here or in another tab, ended from another
 * device, expired): one event inside the page, told to every other open tab
 * through a BroadcastChannel. The app listens once (SessionWatcher) and sends
 * the person to /login with the right toast.
 */
export type SessionEndReason = 'signed_out' | 'force_logout' | 'expired' | (string & {});

type Listener = (reason: SessionEndReason) => void;
const listeners = new Set<Listener>();
let signedInUserId: string | null = null;
let endedHere = false;

/** Who the page believes is signed in (set by the session check); a 401 means something only then. */
export function setSignedInUser(userId: string | null): void {
  signedInUserId = userId;
  if (userId) endedHere = false;
}

/** Notes that this page signed the person out, so nothing of theirs (such as a return path) is kept afterwards. */
export function noteSessionEnded(): void {
  setSignedInUser(null);
  endedHere = true;
}

/** Whether this page signed the person out since anyone last signed in. */
export const sessionEndedHere = () => endedHere;

export const signedInUser = () => signedInUserId;
const CHANNEL = 'lore-session';
let channel: BroadcastChannel | undefined;

function openChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ reason?: string }>) => {
    if (typeof event.data?.reason === 'string') for (const listener of listeners) listener(event.data.reason);
  };
  return channel;
}

/** Reports that the session ended, here and in every other tab of this browser. */
export function reportSessionEnd(reason: SessionEndReason): void {
  if (signedInUserId === null) return;
  for (const listener of listeners) listener(reason);
  openChannel()?.postMessage({ reason });
}

/** Listens for the session's end, here or in another tab; returns the unsubscribe. */
export function onSessionEnd(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const secondFactorListeners = new Set<() => void>();

/**
 * Reports a 403 `mfa_required`: the session must now give its two-factor code
 * (two-factor was turned on from another device), so the app checks the session again.
 */
export function reportSecondFactorRequired(): void {
  for (const listener of secondFactorListeners) listener();
}

/** Listens for `mfa_required` answers; returns the unsubscribe. */
export function onSecondFactorRequired(listener: () => void): () => void {
  secondFactorListeners.add(listener);
  return () => secondFactorListeners.delete(listener);
}

/** The 'Logged Out' toast's text (spec section 4, "Login session"). */
export function loggedOutMessage(reason: SessionEndReason): string {
  if (reason === 'signed_out') return 'You have been logged out successfully.';
  if (reason === 'force_logout') {
    return "You were logged out from another device using 'Sign Out Everywhere Else'. Please log in again.";
  }
  return `Session marked as ${reason}. Please log in again.`;
}

/** The toast lasts 10 s (spec section 9). */
export const LOGGED_OUT_TOAST_MS = 10_000;
