import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './app-env';
import { loadSession } from './auth/session-middleware';
import { AppError } from './errors';
import { clientIp } from './middleware/client-ip';
import { sameOrigin } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { accountsRoutes } from './routes/accounts/accounts.routes';
import { signInOptionsRoutes } from './routes/auth/sign-in-options.routes';
import { healthRoutes } from './routes/health/health.routes';
import { invitationsRoutes } from './routes/invitations/invitations.routes';
import { knowledgeImagesRoutes } from './routes/knowledge/knowledge-images.routes';
import { knowledgeRoutes } from './routes/knowledge/knowledge.routes';
import { meRoutes } from './routes/me/me.routes';
import { secureImageRoutes } from './routes/secure-image/secure-image.routes';
import { starPositionsRoutes } from './routes/stars/star-positions.routes';
import { starsRoutes } from './routes/stars/stars.routes';
import { usersRoutes } from './routes/users/users.routes';
import { spaRoutes } from './web/spa';

/** Builds Lore's HTTP app from its parts: API, auth and (when built) the web app. */
export function createApp(deps: AppDeps) {
  const { env, auth, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders());
  app.use('/api/*', clientIp({ trustProxy: env.TRUST_PROXY }), sameOrigin(env.BASE_URL));
  app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(c.req.raw));
  app.use('/api/*', loadSession(auth));

  app.route('/api/health', healthRoutes(deps));
  app.route('/api/sign-in-options', signInOptionsRoutes(deps));
  app.route('/api/me', meRoutes(deps));
  // Knowledge and stars first: their own 401 messages must answer before the accounts' guard.
  app.route('/api/accounts/:accountId/knowledge', knowledgeRoutes(deps));
  app.route('/api/accounts/:accountId/knowledge-images', knowledgeImagesRoutes(deps));
  app.route('/api/accounts/:accountId/stars', starsRoutes(deps));
  app.route('/api/updateStarPositions', starPositionsRoutes(deps));
  app.route('/api/secureImage', secureImageRoutes(deps));
  app.route('/api/accounts', accountsRoutes(deps));
  app.route('/api', usersRoutes(deps));
  app.route('/api', invitationsRoutes(deps));
  app.all('/api/*', (c) => c.json({ error: 'Not found', code: 'not_found' }, 404));

  if (deps.webRoot) app.route('/', spaRoutes(deps.webRoot));

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json({ error: error.message, code: error.code }, error.status);
    if (error instanceof HTTPException) return c.json({ error: error.message, code: 'http_error' }, error.status);
    logger.error({ err: error, path: c.req.path }, 'Unhandled error');
    return c.json({ error: 'An unexpected error occurred', code: 'internal' }, 500);
  });

  return app;
}
