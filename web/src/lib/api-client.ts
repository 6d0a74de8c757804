import { ApiError, createApiClient, retryAfterOf } from '@common/api/client';
import { SECOND_FACTOR_REQUIRED_CODE } from '@common/auth';
import { noteChangePosition } from './change-position';
import { drawingOnServer, fetchLore } from './fetch-lore';
import { loginSessionKey } from './login-session-key';
import { isBusyAnswer, noteServerBusy } from './server-busy';
import { reportSecondFactorRequired, reportSessionEnd, signedInUser } from './session-end';

export { ApiError };

/**
 * Why the session behind a 401 ended: the pulse answers signed-out browsers
 * too, so it can say `force_logout` ('Sign Out Everywhere Else'); otherwise it expired.
 */
async function endedSessionReason(userId: string): Promise<string> {
  const sessionId = localStorage.getItem(loginSessionKey(userId));
  if (!sessionId) return 'expired';
  try {
    const response = await fetchLore('/api/sessionPulse', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    const { reason } = (await response.json()) as { reason?: string | null };
    return reason === 'force_logout' || reason === 'signed_out' ? reason : 'expired';
  } catch {
    return 'expired';
  }
}

/**
 * Lore busy (a 503 with Retry-After, or a 429 with it for a read, which is retried: a write's
 * 429 is that write's own answer) starts the 'Lore is busy' countdown, to when it is asked again.
 */
function noteIfBusy(response: Response, method: string) {
  const retryAfter = retryAfterOf(response);
  const read = method.toUpperCase() === 'GET';
  if (isBusyAnswer(response.status, retryAfter) && (response.status === 503 || read)) noteServerBusy(retryAfter!);
}

/**
 * fetch with the session cookie. A 401 while signed in means the session ended
 * (expired, or ended from another device): every tab signs out. A 403 does
 * not; `mfa_required` (the session must give its two-factor code) has the app
 * check the session again, which then asks for the code.
 */
export async function fetchWithSession(url: string, init: RequestInit): Promise<Response> {
  const response = await fetchLore(url, { ...init, credentials: 'same-origin' });
  // On the server the render keeps its own (server/web/page-renderer.ts); this one is the page's.
  if (!drawingOnServer()) {
    noteChangePosition(response);
    noteIfBusy(response, init.method ?? 'GET');
  }
  const userId = signedInUser();
  // Reported before the caller sees the failure, so the sign-out comes first (not a page's own error toast).
  if (response.status === 401 && userId) reportSessionEnd(await endedSessionReason(userId));
  if (response.status === 403 && userId) {
    const { code } = ((await response
      .clone()
      .json()
      .catch(() => null)) ?? {}) as { code?: string };
    if (code === SECOND_FACTOR_REQUIRED_CODE) reportSecondFactorRequired();
  }
  return response;
}

/**
 * Calls one of the endpoints declared in common/api/ through fetchWithSession:
 * `api(renameAccount, { params: { accountId }, json: { name } })`. Input and
 * answer are typed by the endpoint's schemas; failures reject with an ApiError
 * carrying the server's message and `code`.
 */
export const api = createApiClient(fetchWithSession);
