import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { chooseEncoding, compressAnswer, jsonBody, type Encoding } from './compress';

/** What the request's answer is made with; kept as the Context variable `answer`. */
export interface AnswerState {
  encoding: Encoding | undefined;
  /** Headers every answer to this request carries, whatever makes it (addAnswerHeader). */
  headers: Record<string, string>;
  /** Whether `c.header` was called: then Hono makes the answer, with what it was given. */
  headersSet: boolean;
  /** The JSON answer made whole: it carries every header already, and nothing is left to do to it. */
  whole: Response | undefined;
  /** The headers of a JSON answer made whole, but the request's own: `everyAnswer`'s and the JSON's. */
  jsonHeaders: Record<string, string>;
  /** Hono's own `c.header` and `c.json` for this request. */
  honoHeader: Context['header'];
  honoJson: (...args: unknown[]) => Response;
}

type AnswerContext = Context<AppEnv>;

/** What a JSON answer is sent as: its text, or its compressed bytes. */
type JsonBody = NonNullable<ReturnType<typeof jsonBody>>;

/** The JSON of answers sent again and again (keepJson): made once per encoding. */
const keptJson = new WeakMap<object, { text?: string } & Partial<Record<Encoding | 'none', JsonBody>>>();

/**
 * Marks `answer` as one that is sent again and again while it lives (a workspace's kept
 * list page, tags or count): `c.json` keeps its text and compressed bytes beside it,
 * so it serializes and compresses it once per encoding, not for every request. The
 * answer must not change once marked. Anything but an object is left as it is.
 */
export function keepJson<T>(answer: T): T {
  if (typeof answer === 'object' && answer !== null) keptJson.set(answer, {});
  return answer;
}

/**
 * Makes and finishes every answer; register it first. Each answer gets `everyAnswer`'s
 * headers (the security headers) unless it sets its own, and the request's answer
 * headers (addAnswerHeader); its text is compressed as the request accepts (compress.ts).
 *
 * JSON (`c.json`) is made whole: its text, compressed when worth it, with all its
 * headers in one plain record, which @hono/node-server hands to Node as it is. Hono
 * keeps headers in a fetch Headers object that validates, lower-cases and sorts them
 * at every step, and finishing an answer after the route read them back out of it:
 * together a fifth of a signed-in GET answered from memory, such as the count
 * (decision 20). An answer made after `c.header` was called, or without a status of
 * its own, is Hono's, as is any other answer (a page, a file, a stream, better-auth's,
 * JSON too large to compress on the request's thread): those are finished after the route.
 *
 * The request's `c.header` and `c.json` become the shared functions below, which find
 * the request's state among its Context's variables. Keeping closures made per request
 * on the Context instead (or adding any property to it) made V8 keep each request's
 * objects through several young-generation collections: garbage collection went from
 * 2% of Lore's time to a fifth (decision 20).
 */
export function answers(options: { everyAnswer: Record<string, string> }): MiddlewareHandler<AppEnv> {
  const { everyAnswer } = options;
  const jsonHeaders = { ...everyAnswer, 'content-type': 'application/json', vary: 'Accept-Encoding' };
  return async (c, next) => {
    const state: AnswerState = {
      encoding: c.req.method === 'HEAD' ? undefined : chooseEncoding(c.req.header('accept-encoding')),
      headers: {},
      headersSet: false,
      whole: undefined,
      jsonHeaders,
      honoHeader: c.header,
      honoJson: c.json as AnswerState['honoJson'],
    };
    c.set('answer', state);
    c.header = noteHeader as AnswerContext['header'];
    c.json = makeJson as AnswerContext['json'];
    await next();
    if (c.res === state.whole) return;
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(state.headers)) headers.set(name, value);
    for (const [name, value] of Object.entries(everyAnswer)) if (!headers.has(name)) headers.set(name, value);
    await compressAnswer(c, state.encoding);
  };
}

/** Puts a header on every answer to this request, however it is made (set before the route). */
export function addAnswerHeader(c: AnswerContext, name: string, value: string) {
  c.get('answer').headers[name.toLowerCase()] = value;
}

/** `c.header`: Hono's, noting that the answer must be Hono's too, to carry it. */
function noteHeader(this: AnswerContext, ...args: Parameters<AnswerContext['header']>) {
  const state = this.get('answer');
  state.headersSet = true;
  return state.honoHeader(...args);
}

/** `c.json`: the answer made whole, unless Hono must make it (see answers()). */
function makeJson(this: AnswerContext, object: unknown, arg?: unknown, headers?: Record<string, string>) {
  const state = this.get('answer');
  // Without a status of its own, the answer's may have been set with c.status, which only Hono knows.
  if (state.headersSet || typeof arg !== 'number') return state.honoJson(object, arg, headers);
  const kept = typeof object === 'object' && object !== null ? keptJson.get(object) : undefined;
  const made = kept
    ? (kept[state.encoding ?? 'none'] ??= jsonBody((kept.text ??= JSON.stringify(object)), state.encoding))
    : jsonBody(JSON.stringify(object), state.encoding);
  if (!made) return state.honoJson(object, arg, headers);
  // What every JSON answer carries, then this one's own. (Object.assign: a spread copy took
  // a microsecond for each header added to it afterwards.)
  const record: Record<string, string> = Object.assign({}, state.jsonHeaders, state.headers);
  for (const name in headers) {
    const key = name.toLowerCase();
    record[key] = key === 'vary' ? `${headers[name]}, ${record.vary}` : headers[name]!;
  }
  if (made.encoding) record['content-encoding'] = made.encoding;
  state.whole = new Response(made.body, { status: arg, headers: record });
  return state.whole;
}
