import { Secret, TOTP } from 'otpauth';
import type { SignedInClient } from './test-server';

/** The code an authenticator app holding `secret` shows at `timestamp` (now by default). */
export const codeFor = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

/**
 * The previous time step's code, which leaves this step's unused for a sign-in after it. The server
 * takes a code one step either side of its own: one of the previous step is refused once another
 * step begins before the server checks it, so it is not taken in a step's last 5 s.
 */
export async function previousStepCode(secret: string) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return codeFor(secret, Date.now() - 30_000);
}

/**
 * Turns two-factor on for the user `client` is signed in as, through the API
 * as the set-up dialog does; the secret (to compute codes) and the recovery codes.
 * The code used is from the previous time step (`previousStepCode`).
 */
export async function turnOnTwoFactor(client: SignedInClient) {
  const enrolled = await client.post('/api/me/two-factor/enroll');
  if (enrolled.status !== 201)
    throw new Error(`Enrolment refused: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  const { factorId, secret } = enrolled.body.data as { factorId: string; secret: string };
  const confirmed = await client.post('/api/me/two-factor/enroll/confirm', {
    factorId,
    code: await previousStepCode(secret),
  });
  if (confirmed.status !== 200)
    throw new Error(`Confirmation refused: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { factorId, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}
