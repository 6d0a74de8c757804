import { serializeSignedCookie } from 'better-call';
import * as api from '../../../common/api/login-sessions';
import type { SessionPulse, SignInSession } from '../../../common/login-sessions';
import { describeUserAgent } from '../../../common/user-agent';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentUser } from '../../auth/guards';
import { endAuthSessions, endOtherAuthSessions } from '../../commands/end-sessions';
import {
  attachLoginSession,
  endLoginSession,
  findLoginSession,
  insertLoginSession,
  isUsersAuthSession,
  listAuthSessions,
  touchLoginSession,
} from '../../data/login-sessions';
import { readableAddress } from '../../presenters/address-presenter';
import { badRequest, conflict, notFound, unauthenticated } from '../../errors';

/** A session id that is not a UUID answers 400 with the spec's reason as its code. */
const invalidUuid = (result: { success: true } | { success: false; error: { issues: Array<{ message: string }> } }) => {
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid input', 'invalid_uuid');
  return undefined;
};

/** The current auth session's id, behind the user guard. */
function currentAuthSessionId(c: { get(key: 'session'): { id: string } | null }): string {
  const session = c.get('session');
  if (!session) throw unauthenticated();
  return session.id;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Login sessions (the spec's /api/loginSession, /api/sessionPulse) and the sessions page's list and sign-outs. */
export function sessionsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { auth } = deps;
  return createRouter(deps)
    .openapi(
      api.validateLoginSession,
      async (c) => {
        const { sessionId } = c.req.valid('query');
        const row = await findLoginSession(db, sessionId);
        const own = row && row.user_id === currentUser(c).id ? row : undefined;
        if (!own) return c.json({ valid: false, reason: 'not_found' as const }, 200);
        if (own.end_reason) return c.json({ valid: false, reason: own.end_reason }, 200);
        if (own.auth_session_id !== currentAuthSessionId(c))
          return c.json({ valid: false, reason: 'other_session' as const }, 200);
        return c.json({ valid: true, reason: null }, 200);
      },
      invalidUuid,
    )
    .openapi(
      api.createLoginSession,
      async (c) => {
        const { sessionId } = c.req.valid('json');
        const userId = currentUser(c).id;
        const authSessionId = currentAuthSessionId(c);
        if (await insertLoginSession(db, { id: sessionId, userId, authSessionId }))
          return c.json({ success: true as const }, 200);
        // The id exists: this browser coming back to its own open session is fine; anything else needs a new id.
        if (await attachLoginSession(db, sessionId, userId, authSessionId))
          return c.json({ success: true as const }, 200);
        throw conflict('This session id cannot be used; generate a new one', 'session_id_unavailable');
      },
      invalidUuid,
    )
    .openapi(
      api.deactivateLoginSession,
      async (c) => {
        const { sessionId } = c.req.valid('json');
        if (!(await endLoginSession(db, sessionId, currentUser(c).id, 'signed_out')))
          throw notFound('Session not found');
        return c.json({ success: true as const }, 200);
      },
      invalidUuid,
    )
    .openapi(
      api.sessionPulse,
      async (c) => {
        const { sessionId } = c.req.valid('json');
        const user = c.get('user');
        const row = await findLoginSession(db, sessionId);
        // Signed out (its auth session ended, or never was): it must log out; a forced end says so.
        if (!user)
          return c.json({ shouldLogout: true, reason: row?.end_reason ?? 'no_session' } satisfies SessionPulse, 200);
        const own = row && row.user_id === user.id ? row : undefined;
        if (!own) return c.json({ shouldLogout: false, reason: 'not_found' } satisfies SessionPulse, 200);
        if (own.end_reason) return c.json({ shouldLogout: true, reason: own.end_reason } satisfies SessionPulse, 200);
        await touchLoginSession(db, sessionId, user.id);
        return c.json({ shouldLogout: false, reason: null } satisfies SessionPulse, 200);
      },
      invalidUuid,
    )
    .openapi(
      api.sessionActivity,
      async (c) => {
        const { sessionId } = c.req.valid('json');
        const updated = await touchLoginSession(db, sessionId, currentUser(c).id);
        return c.json({ updated, connected: true as const }, 200);
      },
      invalidUuid,
    )
    .openapi(api.setPersistentTokenCookie, async (c) => {
      // The session cookie is what secures image and PDF requests (decision 13): extend the
      // session to a full lifetime and send its cookie again, so the browser's copy lasts as long.
      const session = c.get('session');
      if (!session) throw unauthenticated();
      const context = await auth.$context;
      const expiresAt = new Date(Date.now() + context.sessionConfig.expiresIn * 1000);
      await context.internalAdapter.updateSession(session.token, { expiresAt });
      const cookie = context.authCookies.sessionToken;
      const setCookie = await serializeSignedCookie(cookie.name, session.token, context.secret, {
        ...cookie.attributes,
        maxAge: context.sessionConfig.expiresIn,
      });
      c.header('set-cookie', setCookie, { append: true });
      return c.json({ success: true as const }, 200);
    })
    .openapi(api.listSessions, async (c) => {
      const current = currentAuthSessionId(c);
      const rows = await listAuthSessions(db, currentUser(c).id);
      const sessions: SignInSession[] = rows.map((row) => {
        const lastActive =
          row.last_active_at && row.last_active_at > row.updated_at ? row.last_active_at : row.updated_at;
        return {
          id: row.id,
          ...describeUserAgent(row.user_agent),
          ipAddress: readableAddress(row.ip_address),
          signInMethod: row.sign_in_method,
          createdAt: iso(row.created_at),
          lastActiveAt: iso(lastActive),
          current: row.id === current,
        };
      });
      sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
      return c.json({ data: sessions }, 200);
    })
    .openapi(
      api.endSession,
      async (c) => {
        const { sessionId } = c.req.valid('param');
        const userId = currentUser(c).id;
        // Another user's session, or none: the same 404, and nothing changes.
        if (!(await isUsersAuthSession(db, userId, sessionId))) throw notFound('Session not found');
        await endAuthSessions(db, userId, [sessionId]);
        return c.json({ success: true as const }, 200);
      },
      invalidUuid,
    )
    .openapi(api.signOutOtherSessions, async (c) => {
      const ended = await endOtherAuthSessions(db, currentUser(c).id, currentAuthSessionId(c));
      return c.json({ data: { ended } }, 200);
    });
}
