import { z } from 'zod';
import { enrollmentSchema, signInCodeSchema, totpCodeSchema, twoFactorStatusSchema } from '../two-factor';
import { dataOf, defineEndpoint, errors, jsonBody, ok, successSchema } from './define';

const tags = ['Two-factor'];

/**
 * GET /api/me/two-factor: the session's assurance levels, the user's factors
 * and what is left of the recovery codes. One of the few calls a session that
 * still owes a code may make.
 */
export const getTwoFactorStatus = defineEndpoint(
  'user',
  {
    method: 'get',
    path: '/api/me/two-factor',
    tags,
    summary: 'Assurance level of this session and the factors of the signed-in user',
    responses: { 200: ok(dataOf(twoFactorStatusSchema), 'Levels and factors') },
  },
  { beforeSecondFactor: true },
);

/** POST /api/me/two-factor/verify: the code (or a recovery code) that lets a signed-in session into the app. */
export const verifySecondFactor = defineEndpoint(
  'user',
  {
    method: 'post',
    path: '/api/me/two-factor/verify',
    tags,
    summary: 'Give a code from the authenticator app, or a recovery code; raises this session to aal2',
    request: { body: jsonBody(z.object({ code: signInCodeSchema })) },
    responses: {
      200: ok(successSchema, 'Verified'),
      ...errors(400, 409),
      429: ok(
        z.object({ error: z.string(), code: z.string(), retryAfterSeconds: z.number() }),
        'Locked after 3 wrong codes',
      ),
    },
  },
  { beforeSecondFactor: true },
);

/** POST /api/me/two-factor/enroll: starts setting up an authenticator app. */
export const enrollFactor = defineEndpoint('user', {
  method: 'post',
  path: '/api/me/two-factor/enroll',
  tags,
  summary: 'Start setting up an authenticator app: a QR code and the secret (leftover unverified factors are removed)',
  responses: { 201: ok(dataOf(enrollmentSchema), 'Scan this, then confirm with a code'), ...errors(409) },
});

/** POST /api/me/two-factor/enroll/confirm: the first code, which turns two-factor on. */
export const confirmEnrollment = defineEndpoint('user', {
  method: 'post',
  path: '/api/me/two-factor/enroll/confirm',
  tags,
  summary: 'Confirm the new factor with a code: two-factor is on, and the ten recovery codes are shown once',
  request: { body: jsonBody(z.object({ factorId: z.uuid(), code: totpCodeSchema })) },
  responses: {
    200: ok(dataOf(z.object({ recoveryCodes: z.array(z.string()) })), 'On; keep these codes'),
    ...errors(400, 404),
  },
});

/** DELETE /api/me/two-factor/{factorId}: turns two-factor off, with a code while it is on. */
export const removeFactor = defineEndpoint('user', {
  method: 'delete',
  path: '/api/me/two-factor/{factorId}',
  tags,
  summary:
    'Remove a factor (two-factor is off when none is left). While two-factor is on, it takes a code from the app or a recovery code; wrong ones count towards the lockout',
  request: {
    params: z.object({ factorId: z.uuid() }),
    body: jsonBody(z.object({ code: signInCodeSchema.optional() })),
  },
  responses: {
    200: ok(successSchema, 'Removed'),
    ...errors(400, 404),
    429: ok(
      z.object({ error: z.string(), code: z.string(), retryAfterSeconds: z.number() }),
      'Locked after 3 wrong codes',
    ),
  },
});
