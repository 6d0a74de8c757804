import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
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

/** Whether a request path is one of `openApiPaths` (`/api/accounts/{accountId}/x`: a parameter is one segment). */
function pathMatcher(openApiPaths: string[]): (path: string) => boolean {
  const escape = (text: string) => text.replace(/[.*+?^$()[\]\\|]/g, '\\$&');
  const pattern = openApiPaths
    .map((path) =>
      path
        .split(/\{[^}]+\}/)
        .map(escape)
        .join('[^/]+'),
    )
    .join('|');
  const matcher = new RegExp(`^(?:${pattern})$`);
  return (path) => matcher.test(path);
}

/** Caps a request body at `maxSize` with a 413, counted while it streams in (a Content-Length over it is refused before reading). */
function capBodies(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    // The HTTP server reads and discards the rest of the body after the answer (server/http-server.ts).
    onError: () => {
      throw payloadTooLarge(bodyTooLargeMessage(maxSize));
    },
  });
}

/**
 * Caps every request body: at ARTICLE_MAX_BODY_BYTES on the paths of `articles`, at
 * MAX_BODY_BYTES elsewhere. Upload endpoints, which enforce a larger limit of their
 * own, are passed in `uploads`. Register it before anything reads a body.
 */
export function limitBodies(options: {
  uploads: Array<{ path: string }>;
  articles: Array<{ path: string }>;
}): MiddlewareHandler<AppEnv> {
  const isUpload = pathMatcher(options.uploads.map((endpoint) => endpoint.path));
  const isArticle = pathMatcher(options.articles.map((endpoint) => endpoint.path));
  const capArticle = capBodies(ARTICLE_MAX_BODY_BYTES);
  const capOther = capBodies(MAX_BODY_BYTES);
  return (c, next) => {
    // A request with neither header has no body (RFC 9112, 6.3): nothing to count, and nothing
    // more to ask of it. Most requests are such GETs, so they are decided first and cheaply.
    if (c.req.header('content-length') === undefined && c.req.header('transfer-encoding') === undefined) return next();
    const path = c.req.path;
    if (isUpload(path)) return next();
    return (isArticle(path) ? capArticle : capOther)(c, next);
  };
}
