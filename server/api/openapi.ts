import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import { authFlowEndpoints } from './auth-flow';
import { renderReferencePage } from './reference-page';

/** Where the API describes itself. */
export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/reference';

/**
 * Serves the OpenAPI 3.1 document generated from every mounted endpoint's
 * contract (plus better-auth's sign-in flow), and a readable reference page.
 * Call after all routes are mounted.
 */
export function serveApiDescription(app: OpenAPIHono<AppEnv>, options: { baseUrl: string }) {
  for (const endpoint of authFlowEndpoints) app.openAPIRegistry.registerPath(endpoint);
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'lore.session_token',
    description: "The session cookie set by signing in. State changes must also come from Lore's own origin.",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token (Settings > Profile > API tokens), sent as `Authorization: Bearer lore_…`. It acts with ' +
      "its owner's rights in its one workspace: `x-api-token` says whether an endpoint takes a read-only token " +
      '(read), only a read-write one (write), or none (never).',
  });
  let cached: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  const document = () =>
    (cached ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Lore API',
        version: '1',
        description:
          'Errors answer `{ error, code }`: `error` is a message for people, `code` is stable for programs. ' +
          '`x-access` says who may call an endpoint: anyone (public), a signed-in user (user), or a member of the ' +
          'account named by `accountId` in the path, query or body (member; others get 404).',
      },
      servers: [{ url: options.baseUrl }],
    }));
  app.get(OPENAPI_PATH, (c) => c.json(document()));
  app.get(REFERENCE_PATH, (c) => c.html(renderReferencePage(document())));
}
