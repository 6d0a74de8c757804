import { deactivateLoginSession } from '@common/api/routes';
import { api } from './api-client';
import { loginSessionKey } from './login-session-key';
import { randomId } from './random-id';

export { loginSessionKey };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID, as a session id must be (spec section 5). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The stored id, or null when there is none or it is not a UUID (an invalid one is discarded). */
export function storedLoginSessionId(userId: string): string | null {
  const stored = localStorage.getItem(loginSessionKey(userId));
  if (stored !== null && !isUuid(stored)) localStorage.removeItem(loginSessionKey(userId));
  return isUuid(stored) ? stored : null;
}

/** Makes and stores a new login session id for the user. */
export function newLoginSessionId(userId: string): string {
  const id = randomId();
  localStorage.setItem(loginSessionKey(userId), id);
  return id;
}

/** At sign-out: deactivates the browser's login session on the server; failures are swallowed (spec). */
export async function deactivateStoredLoginSession(userId: string | null): Promise<void> {
  const sessionId = userId ? storedLoginSessionId(userId) : null;
  if (!sessionId) return;
  await api(deactivateLoginSession, { json: { sessionId } }).catch(() => {});
}
