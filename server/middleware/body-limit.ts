import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { payloadTooLarge } from '../errors';

/** Largest request body outside uploads: ample for any form or article, small enough that no request can fill memory. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Said when a body is over MAX_BODY_BYTES. */
export const BODY_TOO_LARGE_MESSAGE = `The request body must be at most ${MAX_BODY_BYTES / 1024 / 1024} MB`;

/** `/api/accounts/{accountId}/x` (a contract's OpenAPI path) as Hono writes it: `/api/accounts/:accountId/x`. */
const honoPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Caps every request body at MAX_BODY_BYTES with a 413, counted while it
 * streams in (a Content-Length over it is refused before reading). Upload
 * endpoints, which enforce a larger limit of their own, are passed in `uploads`.
 */
export const limitBodies = (options: { uploads: Array<{ path: string }> }) =>
  except(
    options.uploads.map((endpoint) => honoPath(endpoint.path)),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The rest of the body is left unread: the client must not send its next request on this connection.
        c.header('Connection', 'close');
        throw payloadTooLarge(BODY_TOO_LARGE_MESSAGE);
      },
    }),
  );
