import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies smaller than this go as they are: compressing them saves less than a packet. */
const MIN_BYTES = 1024;
/** Text that compresses; event streams and NDJSON progress are written as they happen, so they are left alone. */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|problem\+json)|image\/svg\+xml)/i;
/** Brotli's quality for answers made per request: 4 compresses about as well as gzip's best, several times faster. */
const BROTLI_QUALITY = 4;

/** The encoding to answer in: brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/**
 * Compresses text answers (JSON, HTML, the API description) with brotli or gzip,
 * as the request accepts (Hono's own compress middleware has no brotli). The body
 * is read whole: these answers are small; streams and files are left as they are,
 * and built assets are served already compressed (server/web/spa.ts).
 */
export function compressText(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('content-type') ?? '';
    if (
      c.req.method === 'HEAD' ||
      !response.body ||
      response.headers.has('content-encoding') ||
      !COMPRESSIBLE.test(type) ||
      response.headers.get('cache-control')?.includes('no-transform')
    )
      return;
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    response.headers.append('vary', 'Accept-Encoding');
    if (!encoding) return;
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length < MIN_BYTES) {
      c.res = new Response(body, response);
      return;
    }
    const compressed =
      encoding === 'br'
        ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : await gzip(body);
    // Hono carries the old answer's headers over to the new one: change them there.
    response.headers.delete('content-length');
    response.headers.set('content-encoding', encoding);
    c.res = new Response(compressed, response);
  };
}
