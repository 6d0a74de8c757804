import { bodyLimit } from 'hono/body-limit';
import type { Hono, MiddlewareHandler } from 'hono';
import { except } from 'hono/combine';
import { CONTENT_MAX_LENGTH } from '../../common/knowledge';
import type { AppEnv } from '../app-env';
import { payloadTooLarge } from '../errors';

const MB = 1024 * 1024;
/** Largest request body outside uploads and articles: ample for any form, small enough that no request can fill memory. */
export const MAX_BODY_BYTES = MB;
/**
 * Largest body of an article's create or edit: its longest allowed content
 * (CONTENT_MAX_LENGTH characters, each at most 6 bytes as JSON: `\uXXXX`) with
 * its title and tags, so the length limit, not the body limit, is what a long
 * article in any script meets.
 */
export const ARTICLE_MAX_BODY_BYTES = Math.ceil((CONTENT_MAX_LENGTH * 6) / MB + 1) * MB;

/** What a body over `maxSize` is told. */
export const bodyTooLargeMessage = (maxSize: number) => `The request body must be at most ${maxSize / MB} MB`;

/** `/api/accounts/{accountId}/x` (a contract's OpenAPI path) as Hono writes it: `/api/accounts/:accountId/x`. */
const honoPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

/** Caps a request body at `maxSize` with a 413, counted while it streams in (a Content-Length over it is refused before reading). */
function capBodies(maxSize: number): MiddlewareHandler<AppEnv> {
  const cap = bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is left unread: the client must not send its next request on this connection.
      c.header('Connection', 'close');
      throw payloadTooLarge(bodyTooLargeMessage(maxSize));
    },
  });
  // A request with neither header has no body (RFC 9112, 6.3), so there is nothing to count; asking
  // for its body would build a whole fetch Request for it, on every GET.
  return (c, next) =>
    c.req.header('content-length') === undefined && c.req.header('transfer-encoding') === undefined
      ? next()
      : cap(c, next);
}

/**
 * Caps every request body of `app`: at ARTICLE_MAX_BODY_BYTES on the paths of
 * `articles`, at MAX_BODY_BYTES elsewhere. Upload endpoints, which enforce a
 * larger limit of their own, are passed in `uploads`. Register it before
 * anything reads a body.
 */
export function limitBodies(
  app: Hono<AppEnv>,
  options: { uploads: Array<{ path: string }>; articles: Array<{ path: string }> },
) {
  const uploadPaths = options.uploads.map((endpoint) => honoPath(endpoint.path));
  const articlePaths = options.articles.map((endpoint) => honoPath(endpoint.path));
  app.use('*', except([...uploadPaths, ...articlePaths], capBodies(MAX_BODY_BYTES)));
  for (const path of articlePaths) app.use(path, capBodies(ARTICLE_MAX_BODY_BYTES));
}
