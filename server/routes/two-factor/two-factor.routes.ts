import type { Context } from 'hono';
import * as api from '../../../common/api/two-factor';
import {
  TWO_FACTOR_CODES,
  TWO_FACTOR_LOCKOUT_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_MESSAGES,
} from '../../../common/two-factor';
import type { AppDeps, AppEnv } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentUser } from '../../auth/guards';
import { hashRecoveryCode, newRecoveryCodes } from '../../auth/totp';
import * as twoFactor from '../../data/two-factor';
import { badRequest, conflict, notFound } from '../../errors';

/** What a factor's name is when the user does not give one; a second set-up gets " 2" and so on. */
const FRIENDLY_NAME = 'Authenticator app';

/** 429 with the spec's text, while the user's second factor is locked. */
function lockedOut(c: Context<AppEnv>, seconds: number) {
  c.header('Retry-After', String(seconds));
  return c.json(
    { error: TWO_FACTOR_MESSAGES.lockedOut, code: TWO_FACTOR_CODES.lockedOut, retryAfterSeconds: seconds },
    429,
  );
}

/** The session behind a user guard. */
function currentSession(c: Context<AppEnv>) {
  const session = c.get('session');
  if (!session) throw new Error('currentSession() called on a route without the user guard');
  return session;
}

/** /api/me/two-factor: set up, confirm, use and remove an authenticator app (decision 4). */
export function twoFactorRoutes(deps: AppDeps) {
  const { database, totp } = deps;
  const { db } = database;

  /** The user's verified factor; 409 with the spec's text when there is none. */
  const verifiedFactorOf = async (userId: string) => {
    const factor = (await twoFactor.listFactors(db, userId)).find((each) => each.status === 'verified');
    if (!factor)
      throw conflict(
        'No Factors Available: No two-factor authentication methods were found for your account.',
        'no_factors',
      );
    return factor;
  };

  /**
   * Checks a code from the app (used once) or a recovery code against the user's factor.
   * Wrong codes are counted per user, across all their sessions (decision 26): 0 when the
   * code is right, the seconds to wait (at least 1) when the user is locked out; a wrong
   * code throws the spec's text.
   */
  const checkCode = async (userId: string, factor: { id: string; secret_encrypted: string }, code: string) => {
    const now = new Date();
    const attempt = await twoFactor.claimAttempt(db, userId, now);
    if (attempt === undefined) return Math.max(1, await twoFactor.lockedForSeconds(db, userId, now));
    const step = /^\d{6}$/.test(code) ? totp.stepOf(factor.secret_encrypted, code, now.getTime()) : undefined;
    const accepted =
      step !== undefined
        ? await twoFactor.acceptStep(db, factor.id, step)
        : await twoFactor.useRecoveryCode(db, userId, hashRecoveryCode(code));
    if (accepted) {
      await twoFactor.forgetAttempts(db, userId);
      return 0;
    }
    if (attempt >= TWO_FACTOR_MAX_ATTEMPTS) {
      await twoFactor.lockOut(db, userId, now);
      return TWO_FACTOR_LOCKOUT_SECONDS;
    }
    // An old code counts as a try too, but says why it failed.
    if (/^\d{6}$/.test(code) && totp.isExpired(factor.secret_encrypted, code, now.getTime()))
      throw badRequest(TWO_FACTOR_MESSAGES.expired, TWO_FACTOR_CODES.expired);
    throw badRequest(TWO_FACTOR_MESSAGES.incorrectAttempt(attempt), TWO_FACTOR_CODES.incorrect);
  };

  return createRouter(deps)
    .openapi(api.getTwoFactorStatus, async (c) => {
      const user = currentUser(c);
      const session = currentSession(c);
      const factors = await twoFactor.listFactors(db, user.id);
      const verified = factors.some((factor) => factor.status === 'verified');
      return c.json(
        {
          data: {
            currentLevel: session.secondFactor === 'verified' ? ('aal2' as const) : ('aal1' as const),
            nextLevel: verified ? ('aal2' as const) : ('aal1' as const),
            factors: factors.map((factor) => ({
              id: factor.id,
              type: 'totp' as const,
              friendly_name: factor.friendly_name,
              status: factor.status,
              created_at: factor.created_at.toISOString(),
            })),
            recoveryCodesLeft: await twoFactor.countRecoveryCodesLeft(db, user.id),
            lockedForSeconds: await twoFactor.lockedForSeconds(db, user.id, new Date()),
          },
        },
        200,
      );
    })

    .openapi(api.verifySecondFactor, async (c) => {
      const user = currentUser(c);
      const session = currentSession(c);
      const { code } = c.req.valid('json');
      const factor = await verifiedFactorOf(user.id);
      if (session.secondFactor === 'verified') return c.json({ success: true as const }, 200);
      const lockedFor = await checkCode(user.id, factor, code);
      if (lockedFor) return lockedOut(c, lockedFor);
      await twoFactor.setSessionSecondFactor(db, session.id, 'verified');
      return c.json({ success: true as const }, 200);
    })

    .openapi(api.enrollFactor, async (c) => {
      const user = currentUser(c);
      if (await twoFactor.hasVerifiedFactor(db, user.id))
        throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'already_enabled');
      await twoFactor.deleteUnverifiedFactors(db, user.id);
      const secret = await totp.newSecret(user.email);
      const factor = await twoFactor.insertFactor(db, {
        userId: user.id,
        friendlyName: FRIENDLY_NAME,
        secretEncrypted: secret.encrypted,
      });
      // Another set-up of this user got there first: the spec's client tries again shortly.
      if (!factor)
        throw conflict('A factor with this name is being set up. Please try again.', TWO_FACTOR_CODES.nameTaken);
      return c.json(
        { data: { factorId: factor.id, qrCode: secret.qrCode, secret: secret.secret, uri: secret.uri } },
        201,
      );
    })

    .openapi(api.confirmEnrollment, async (c) => {
      const user = currentUser(c);
      const session = currentSession(c);
      const { factorId, code } = c.req.valid('json');
      const factor = await twoFactor.findFactor(db, user.id, factorId);
      if (!factor || factor.status !== 'unverified') throw notFound('This set-up has ended. Please start again.');
      const step = totp.stepOf(factor.secret_encrypted, code);
      if (step === undefined || !(await twoFactor.acceptStep(db, factor.id, step))) {
        if (totp.isExpired(factor.secret_encrypted, code))
          throw badRequest(TWO_FACTOR_MESSAGES.expired, TWO_FACTOR_CODES.expired);
        throw badRequest(TWO_FACTOR_MESSAGES.incorrect, TWO_FACTOR_CODES.incorrect);
      }
      const recoveryCodes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await twoFactor.markFactorVerified(trx, factor.id);
        await twoFactor.replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode));
        await twoFactor.setMfaEnabled(trx, user.id, true);
        // This session just proved the code; every other one must now give one too.
        await twoFactor.setSessionSecondFactor(trx, session.id, 'verified');
        await twoFactor.updateOtherSessions(trx, user.id, session.id, true);
      });
      return c.json({ data: { recoveryCodes } }, 200);
    })

    .openapi(api.removeFactor, async (c) => {
      const user = currentUser(c);
      const session = currentSession(c);
      const { factorId } = c.req.valid('param');
      const { code } = c.req.valid('json');
      // Two-factor on: turning it off takes a code (or a recovery code), as signing in does.
      const verified = (await twoFactor.listFactors(db, user.id)).find((each) => each.status === 'verified');
      if (verified) {
        if (!code) throw badRequest(TWO_FACTOR_MESSAGES.missing, TWO_FACTOR_CODES.codeRequired);
        const lockedFor = await checkCode(user.id, verified, code);
        if (lockedFor) return lockedOut(c, lockedFor);
      }
      const removed = await db.transaction().execute(async (trx) => {
        if (!(await twoFactor.deleteFactor(trx, user.id, factorId))) return false;
        if (!(await twoFactor.hasVerifiedFactor(trx, user.id))) {
          await twoFactor.setMfaEnabled(trx, user.id, false);
          await twoFactor.setSessionSecondFactor(trx, session.id, 'none');
          await twoFactor.updateOtherSessions(trx, user.id, session.id, false);
        }
        return true;
      });
      if (!removed) throw notFound('Factor not found');
      return c.json({ success: true as const }, 200);
    });
}
