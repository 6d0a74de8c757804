import {
  loginSessionBodySchema,
  loginSessionQuerySchema,
  loginSessionValiditySchema,
  persistentTokenBodySchema,
  sessionActivitySchema,
  sessionPulseSchema,
  signedOutOthersSchema,
  signInSessionParamsSchema,
  signInSessionSchema,
} from '../login-sessions';
import { dataOf, defineEndpoint, errors, jsonBody, ok, successSchema } from './define';
import { z } from 'zod';

const tags = ['Sessions'];

/** GET /api/loginSession?sessionId (spec section 7): is this browser's login session still good? */
export const validateLoginSession = defineEndpoint('user', {
  method: 'get',
  path: '/api/loginSession',
  tags,
  summary: "Whether the browser's login session id is valid for the current sign-in",
  request: { query: loginSessionQuerySchema },
  responses: { 200: ok(loginSessionValiditySchema, 'valid, and the reason when not'), ...errors(400) },
});

/** POST /api/loginSession {sessionId}: records (or re-attaches) the browser's login session. */
export const createLoginSession = defineEndpoint('user', {
  method: 'post',
  path: '/api/loginSession',
  tags,
  summary: "Records the browser's login session for the current sign-in",
  request: { body: jsonBody(loginSessionBodySchema) },
  responses: { 200: ok(successSchema, 'Recorded'), ...errors(400, 409) },
});

/** PATCH /api/loginSession {sessionId}: deactivates it, at sign-out. */
export const deactivateLoginSession = defineEndpoint('user', {
  method: 'patch',
  path: '/api/loginSession',
  tags,
  summary: "Deactivates the browser's login session (sign-out)",
  request: { body: jsonBody(loginSessionBodySchema) },
  responses: { 200: ok(successSchema, 'Deactivated'), ...errors(400, 404) },
});

/** POST /api/sessionPulse {sessionId}: must this browser sign out? Answers signed-out browsers too. */
export const sessionPulse = defineEndpoint('public', {
  method: 'post',
  path: '/api/sessionPulse',
  tags,
  summary: 'Whether the browser must sign out, and why (force_logout after Sign Out Everywhere Else)',
  request: { body: jsonBody(loginSessionBodySchema) },
  responses: { 200: ok(sessionPulseSchema, 'shouldLogout and reason'), ...errors(400) },
});

/** POST /api/sessionActivity {sessionId}: the activity ping, also the connection test. */
export const sessionActivity = defineEndpoint('user', {
  method: 'post',
  path: '/api/sessionActivity',
  tags,
  summary: "Marks the browser's login session active now",
  request: { body: jsonBody(loginSessionBodySchema) },
  responses: {
    200: ok(sessionActivitySchema, 'updated is false when the login session is unknown or ended'),
    ...errors(400),
  },
});

/** POST /api/setPersistentTokenCookie (spec section 7): renews this browser's session cookie when due (decision 13). */
export const setPersistentTokenCookie = defineEndpoint('user', {
  method: 'post',
  path: '/api/setPersistentTokenCookie',
  tags,
  summary: 'Renews the session cookie that secures image and PDF requests, when it is due',
  request: { body: jsonBody(persistentTokenBodySchema) },
  responses: { 200: ok(successSchema, 'Renewed or still fresh'), ...errors(400) },
});

/** GET /api/sessions: the signed-in user's sessions, the current one marked. */
export const listSessions = defineEndpoint('user', {
  method: 'get',
  path: '/api/sessions',
  tags,
  summary: "The signed-in user's sessions",
  responses: { 200: ok(dataOf(z.array(signInSessionSchema)), 'Newest activity first') },
});

/** DELETE /api/sessions/:sessionId: ends one of the user's own sessions at once. */
export const endSession = defineEndpoint('user', {
  method: 'delete',
  path: '/api/sessions/{sessionId}',
  tags,
  summary: "Ends one of the user's sessions",
  request: { params: signInSessionParamsSchema },
  responses: { 200: ok(successSchema, 'Ended'), ...errors(400, 404) },
});

/** POST /api/sessions/sign-out-others: 'Sign Out Everywhere Else'. */
export const signOutOtherSessions = defineEndpoint('user', {
  method: 'post',
  path: '/api/sessions/sign-out-others',
  tags,
  summary: 'Ends every session of the user but this one',
  responses: { 200: ok(dataOf(signedOutOthersSchema), 'How many were ended') },
});
