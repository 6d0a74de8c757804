import type { z } from 'zod';
import type { Endpoint } from './define';

/**
 * An API failure: the HTTP status, the server's message, its stable `code` to branch on, the whole
 * answer, and for a refusal that says when to come back (429, 503) its `Retry-After` in seconds.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** An answer's `Retry-After` in whole seconds (given as seconds or as a date), or undefined. */
export function retryAfterOf(response: Pick<Response, 'headers'>): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? Math.max(1, seconds) : undefined;
}

type Schema<T> = T extends z.ZodType ? T : never;
type RequestPart<E extends Endpoint, Part extends string> =
  E['request'] extends Record<Part, infer S> ? Schema<S> : never;
type JsonBodySchema<E extends Endpoint> = E['request'] extends {
  body: { content: { 'application/json': { schema: infer S } } };
}
  ? Schema<S>
  : never;
type Field<Name extends string, S> = [S] extends [never] ? unknown : { [K in Name]: z.input<Schema<S>> };

/** What a call sends: `params` for the path, `query`, and `json` for the body, as the endpoint's schemas take them. */
export type ApiInput<E extends Endpoint> = Field<'params', RequestPart<E, 'params'>> &
  Field<'query', RequestPart<E, 'query'>> &
  Field<'json', JsonBodySchema<E>>;

type SuccessSchema<E extends Endpoint> = {
  [Status in keyof E['responses']]: Status extends 200 | 201 | '200' | '201'
    ? E['responses'][Status] extends { content: { 'application/json': { schema: infer S } } }
      ? Schema<S>
      : never
    : never;
}[keyof E['responses']];

/** What a successful call answers: the endpoint's 200/201 JSON body (undefined for 204). */
export type ApiOutput<E extends Endpoint> = [SuccessSchema<E>] extends [never] ? undefined : z.output<SuccessSchema<E>>;

/**
 * Where an endpoint lives: all the client needs at run time. A page in a tight
 * first load (the login page) passes this with a type-only import of the
 * endpoint, which keeps its schemas, and zod, out of that page's bundle.
 */
export type EndpointRoute<E extends Endpoint> = Pick<E, 'method' | 'path'>;

/** The endpoint's path with `{name}` filled from `params`, and its query string. */
export function endpointUrl(endpoint: Pick<Endpoint, 'path'>, input: { params?: object; query?: object }): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((input.params as Record<string, unknown> | undefined)?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const item of [value].flat()) if (item !== undefined && item !== null) search.append(name, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Sent with a create so that a retry of it (its answer lost) returns what the
 * first made instead of making it twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A typed client for the endpoints in common/api/: the web and the server
 * tests call the API through it. `send` is fetch, or a fetch that adds what a
 * test's cookie jar holds. Failures reject with an ApiError.
 */
export function createApiClient(send: (url: string, init: RequestInit) => Promise<Response>) {
  return async function call<E extends Endpoint>(
    endpoint: E | EndpointRoute<E>,
    input: ApiInput<E>,
    options: { signal?: AbortSignal; idempotencyKey?: string } = {},
  ): Promise<ApiOutput<E>> {
    const { json, ...url } = input as { json?: unknown; params?: object; query?: object };
    const headers: Record<string, string> = {};
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
    const response = await send(endpointUrl(endpoint, url), {
      method: endpoint.method.toUpperCase(),
      headers,
      body: json !== undefined ? JSON.stringify(json) : undefined,
      signal: options.signal,
    });
    if (response.status === 204) return undefined as ApiOutput<E>;
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const failure = (body ?? {}) as { error?: string; message?: string; code?: string };
      throw new ApiError(
        response.status,
        failure.error ?? failure.message ?? `Request failed with status ${response.status}`,
        failure.code,
        body,
        retryAfterOf(response),
      );
    }
    return body as ApiOutput<E>;
  };
}
