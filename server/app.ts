import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './app-env';
import { serveApiDescription } from './api/openapi';
import { sessionCookieName } from './auth/auth';
import { gateAuthRoutes } from './auth/guards';
import { createRateLimiter, limitWrites, withRetryAfter } from './auth/rate-limits';
import { loadSession } from './auth/session-middleware';
import { forgetOnWrites } from './cache/shared-reads';
import { AppError } from './errors';
import { aiKnowledgeSearch } from '../common/api/ai-search';
import { uploadAvatar } from '../common/api/avatars';
import { createKnowledge, updateKnowledge, uploadKnowledgeImage } from '../common/api/knowledge';
import { linkKnowledgePdf, uploadKnowledgePdf } from '../common/api/knowledge-pdfs';
import { sessionActivity, sessionPulse } from '../common/api/login-sessions';
import { importKnowledge } from '../common/api/transfer';
import { isStatementTimeout } from './db/client';
import { asRequest, DatabaseBusyError, wasRefusedAsBusy } from './db/admission';
import { databaseUnreachable, isDatabaseUnreachable } from './db/unreachable';
import { limitBodies } from './middleware/body-limit';
import { compress } from './middleware/compress';
import { clientIp } from './middleware/client-ip';
import { sameOrigin } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { isOutOfSpace, oncePerEpisode, outOfSpace } from './storage/out-of-space';
import { accountsRoutes } from './routes/accounts/accounts.routes';
import { apiTokensRoutes } from './routes/api-tokens/api-tokens.routes';
import { collectionsRoutes } from './routes/collections/collections.routes';
import { discussionRoutes } from './routes/discussion/discussion.routes';
import { avatarsRoutes } from './routes/avatars/avatars.routes';
import { collaborationRoutes } from './routes/collaboration/collaboration.routes';
import { eventsRoutes } from './routes/events/events.routes';
import { aiSearchRoutes } from './routes/ai-search/ai-search.routes';
import { exampleQuestionsRoutes } from './routes/ai-search/example-questions.routes';
import { forwardLoginLink, loginLinkRoutes } from './routes/auth/login-link.routes';
import { signInOptionsRoutes } from './routes/auth/sign-in-options.routes';
import { healthRoutes } from './routes/health/health.routes';
import { invitationsRoutes } from './routes/invitations/invitations.routes';
import { knowledgeImagesRoutes } from './routes/knowledge/knowledge-images.routes';
import { knowledgeRoutes } from './routes/knowledge/knowledge.routes';
import { knowledgeHistoryRoutes } from './routes/knowledge-history/knowledge-history.routes';
import { knowledgePdfsRoutes } from './routes/knowledge-pdfs/knowledge-pdfs.routes';
import { meRoutes } from './routes/me/me.routes';
import { sessionsRoutes } from './routes/sessions/sessions.routes';
import { secureImageRoutes } from './routes/secure-image/secure-image.routes';
import { starsRoutes } from './routes/stars/stars.routes';
import { transferRoutes } from './routes/transfer/transfer.routes';
import { twoFactorRoutes } from './routes/two-factor/two-factor.routes';
import { usersRoutes } from './routes/users/users.routes';
import { tellChangePosition } from './realtime/change-position';
import { spaRoutes } from './web/spa';

/** Every resource's routes; each declares its full paths through its contract in common/api/. */
const resources = [
  signInOptionsRoutes,
  loginLinkRoutes,
  meRoutes,
  twoFactorRoutes,
  avatarsRoutes,
  accountsRoutes,
  knowledgeRoutes,
  knowledgeHistoryRoutes,
  collaborationRoutes,
  collectionsRoutes,
  knowledgeImagesRoutes,
  knowledgePdfsRoutes,
  starsRoutes,
  discussionRoutes,
  secureImageRoutes,
  usersRoutes,
  invitationsRoutes,
  exampleQuestionsRoutes,
  aiSearchRoutes,
  sessionsRoutes,
  apiTokensRoutes,
  transferRoutes,
  eventsRoutes,
];

/**
 * Apple answers sign-in with a form POST from its own site to its callback.
 * better-auth's callback does nothing with a POST but redirect it, unchanged,
 * to the same callback as a GET (which then carries the browser's SameSite=Lax
 * state cookie), so letting another site POST there changes nothing.
 */
const PROVIDER_FORM_POST = /^\/api\/auth\/callback\/[a-z]+$/;

/** How long the error handler waits to learn whether the database answers, before it answers itself. */
const UNREACHABLE_CHECK_MS = 2000;
/** An unexpected error this soon after a connection to the database was lost or refused is put down to that. */
const RECENT_OUTAGE_MS = 10_000;

/** Builds Lore's HTTP app from its parts: API, auth and (when built) the web app. */
export function createApp(deps: AppDeps) {
  const { env, auth, logger } = deps;
  const app = new OpenAPIHono<AppEnv>();

  // Background work (an import) rests while others are being answered (decision 48).
  app.use('*', deps.requestsFirst.count, securityHeaders({ baseUrl: env.BASE_URL }), compress());
  // Writes that change nothing kept: without them listed, every open tab's activity (a POST
  // a minute) and every AI search (a POST that only reads) would empty the caches for everyone.
  app.use(
    '*',
    forgetOnWrites([deps.authCache, deps.workspaceReads], [sessionActivity, sessionPulse, aiKnowledgeSearch]),
  );
  // Before anything reads a body, the auth handler included; uploads keep their own (larger) limit.
  // Linking a PDF may carry its thumbnail as a data URL and the text the browser read: an article's limit.
  app.use(
    '*',
    limitBodies({
      uploads: [uploadKnowledgeImage, uploadAvatar, uploadKnowledgePdf, importKnowledge],
      articles: [createKnowledge, updateKnowledge, linkKnowledgePdf],
    }),
  );
  app.use('/api/*', clientIp({ trustProxy: env.TRUST_PROXY, logger }), sameOrigin(env.BASE_URL, [PROVIDER_FORM_POST]));
  // Past a bound of requests waiting for the database, new ones are answered 503 at once (decision 27);
  // health is left out, so a busy Lore is not reported as one that cannot reach its database.
  app.use('/api/*', (c, next) => (c.req.path === '/api/health' ? next() : asRequest(next)));
  app.get('/api/auth/magic-link/verify', forwardLoginLink(deps));
  app.use('/api/auth/*', gateAuthRoutes(auth));
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const answer = await auth.handler(c.req.raw);
    // better-auth answers a query refused as busy with its own 500 ("Failed to get session"): Lore was busy, not broken.
    if (answer.status >= 500 && wasRefusedAsBusy()) throw new DatabaseBusyError();
    return withRetryAfter(answer);
  });
  // Health answers before sessions are read: it must work when the database does not.
  app.route('/', healthRoutes(deps));
  app.use(
    '/api/*',
    loadSession(auth, deps.authCache, sessionCookieName(env.BASE_URL), deps.database.db),
    tellChangePosition(deps.realtime),
    limitWrites(createRateLimiter(deps.database.db), {
      enabled: env.NODE_ENV !== 'test',
      reads: [aiKnowledgeSearch],
    }),
  );

  for (const routes of resources) app.route('/', routes(deps));
  serveApiDescription(app, { baseUrl: env.BASE_URL });
  app.all('/api/*', (c) => c.json({ error: 'Not found', code: 'not_found' }, 404));

  if (deps.webRoot) {
    // A page drawn on the server asks for its data through the whole app, as the browser would.
    const callApi = async (request: Request, env: unknown) => app.fetch(request, env);
    app.route('/', spaRoutes(deps.webRoot, { callApi, logger, timeLimitMs: env.RENDER_TIME_LIMIT_MS }));
  }

  // A full disk fails every upload and save until space returns: the log says why once per episode.
  const logOutOfSpace = oncePerEpisode((error) =>
    logger.error({ err: error }, 'Out of space: uploads and saves fail (507) until space is freed'),
  );
  app.onError(async (error, c) => {
    // Some libraries (better-auth) fail with an error of their own that hides the cause:
    // an unexpected error while the database does not answer is put down to its absence.
    // A library's own error for a request refused as busy (better-auth's "Failed to get session").
    if (!(error instanceof AppError) && wasRefusedAsBusy()) error = new DatabaseBusyError();
    if (!(error instanceof AppError) && isOutOfSpace(error)) {
      logOutOfSpace(error);
      error = outOfSpace(error);
    }
    if (!(error instanceof AppError || error instanceof HTTPException || isStatementTimeout(error))) {
      const unreachable =
        isDatabaseUnreachable(error) ||
        deps.database.lostConnectionWithin(RECENT_OUTAGE_MS) ||
        !(await deps.database.isReachable(UNREACHABLE_CHECK_MS));
      if (unreachable) error = databaseUnreachable(error);
    }
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
      return c.json({ ...error.details, error: error.message, code: error.code }, error.status);
    }
    // Hono's validators throw this for a body that is not JSON.
    if (error instanceof HTTPException && error.status === 400) {
      return c.json({ error: 'The request body must be JSON', code: 'invalid_json' }, 400);
    }
    if (error instanceof HTTPException) return c.json({ error: error.message, code: 'http_error' }, error.status);
    if (isStatementTimeout(error)) {
      logger.warn({ err: error, path: c.req.path }, 'A statement ran past its time-out');
      return c.json({ error: 'The server took too long to answer. Please try again.', code: 'timeout' }, 503);
    }
    logger.error({ err: error, path: c.req.path }, 'Unhandled error');
    return c.json({ error: 'An unexpected error occurred', code: 'internal' }, 500);
  });

  return app;
}

/** The API's type, for tools that want Hono's view of it; the web uses the contracts in common/api/. */
export type AppType = ReturnType<typeof createApp>;
