import { Secret, TOTP } from 'otpauth';
import type { SignedInClient } from './test-server';

/** The code an authenticator app holding `secret` shows at `timestamp` (now by default). */
export const codeFor = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

/**
 * Turns two-factor on for the user `client` is signed in as, through the API
 * as the set-up dialog does; the secret (to compute codes) and the recovery codes.
 * The code used is from the previous time step, leaving this step's code unused.
 */
export async function turnOnTwoFactor(client: SignedInClient) {
  const enrolled = await client.post('/api/me/two-factor/enroll');
  if (enrolled.status !== 201)
    throw new Error(`Enrolment refused: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  const { factorId, secret } = enrolled.body.data as { factorId: string; secret: string };
  const confirmed = await client.post('/api/me/two-factor/enroll/confirm', {
    factorId,
    code: codeFor(secret, Date.now() - 30_000),
  });
  if (confirmed.status !== 200)
    throw new Error(`Confirmation refused: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { factorId, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}
