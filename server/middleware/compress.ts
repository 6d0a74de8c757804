import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies smaller than this go as they are: compressing them saves less than a packet. */
const MIN_BYTES = 1024;
/** Text that compresses; event streams and NDJSON progress are written as they happen, so they are left alone. */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|problem\+json)|image\/svg\+xml)/i;
/**
 * Brotli's quality for answers made per request: 3 compresses a page of the list (29 kB
 * of JSON to 12 kB) as well as gzip does, in 0.18 ms where 4 took 0.41 and gzip 0.29.
 */
const BROTLI_QUALITY = 3;
/**
 * Up to this size a body is compressed on the request's own thread: a fraction of a
 * millisecond, where handing it to the thread pool and back cost more than the work.
 */
const SYNC_MAX_BYTES = 64 * 1024;

type Encoding = 'br' | 'gzip';

const brotliOptions = (size: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/** `body` in `encoding`, on the request's own thread. */
function compressNow(body: Buffer, encoding: Encoding): NonSharedBuffer {
  return encoding === 'gzip' ? zlib.gzipSync(body) : zlib.brotliCompressSync(body, brotliOptions(body.length));
}

/** `body` in `encoding`: small bodies at once, larger ones on the thread pool. */
async function compress(body: Buffer, encoding: Encoding): Promise<NonSharedBuffer> {
  if (body.length <= SYNC_MAX_BYTES) return compressNow(body, encoding);
  return encoding === 'gzip' ? gzip(body) : brotli(body, brotliOptions(body.length));
}

/** The encoding to answer in: brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
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

/** Statuses whose answer has no body to compress. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Compresses text answers (JSON, HTML, the API description) with brotli or gzip,
 * as the request accepts (Hono's own compress middleware has no brotli). Streams
 * and files are left as they are; built assets are served already compressed
 * (server/web/spa.ts).
 *
 * JSON is compressed as the route makes it (`c.json`), from the text in hand:
 * reading an answer back out of its Response made the Response over as a stream
 * and cost more than the rest of a signed-in request (the count answered 2,900
 * requests a second with it, 5,700 without). Other text, and JSON too large to
 * compress on the request's own thread, is read back and compressed after the route.
 */
export function compressText(): MiddlewareHandler {
  return async (c, next) => {
    const encoding = c.req.method === 'HEAD' ? undefined : chooseEncoding(c.req.header('accept-encoding'));
    if (encoding) compressJsonAsMade(c, encoding);
    await next();
    const response = c.res;
    const type = response.headers.get('content-type') ?? '';
    if (
      c.req.method === 'HEAD' ||
      NO_BODY.has(response.status) ||
      response.headers.has('content-encoding') ||
      !COMPRESSIBLE.test(type) ||
      response.headers.get('cache-control')?.includes('no-transform')
    )
      return;
    response.headers.append('vary', 'Accept-Encoding');
    if (!encoding || tooSmall.has(response) || !response.body) return;
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length < MIN_BYTES) {
      c.res = new Response(body, response);
      return;
    }
    const compressed = await compress(body, encoding);
    // Hono carries the old answer's headers over to the new one: change them there.
    response.headers.delete('content-length');
    response.headers.set('content-encoding', encoding);
    c.res = new Response(compressed, response);
  };
}

/** JSON answers `c.json` knew to be too small to compress: never read back. */
const tooSmall = new WeakSet<Response>();

/**
 * This request's `c.json` compresses what it sends; otherwise it answers as Hono's
 * own does (the same text, status, headers and default content type).
 */
function compressJsonAsMade(c: Context, encoding: Encoding) {
  const compressedJson = (
    object: unknown,
    arg?: StatusCode | ResponseInit,
    headers?: Record<string, string | string[]>,
  ) => {
    const text = JSON.stringify(object);
    const jsonHeaders = { 'Content-Type': 'application/json', ...headers };
    // Small answers go as they are; ones too large for the request's own thread are compressed on the thread pool after the route.
    if (text.length < MIN_BYTES || text.length > SYNC_MAX_BYTES) {
      const response = c.newResponse(text, arg as StatusCode, jsonHeaders);
      if (text.length < MIN_BYTES) tooSmall.add(response);
      return response;
    }
    // Appended, so a Vary the route set stays.
    c.header('Vary', 'Accept-Encoding', { append: true });
    return c.newResponse(compressNow(Buffer.from(text), encoding), arg as StatusCode, {
      ...jsonHeaders,
      'Content-Encoding': encoding,
    });
  };
  c.json = compressedJson as typeof c.json;
}
