import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';

/**
 * Who may call an endpoint: anyone, any signed-in user, or a member of the
 * account the request names (by `accountId` in the path, query or body).
 */
export type Access = 'public' | 'user' | 'member';

/**
 * What an API token needs to call an endpoint (decision 36): `read` (a read-only
 * token will do), `write` (a read-write token), or `never` (only a signed-in
 * browser session: account deletion, two-factor, tokens themselves...).
 */
export type ApiTokenUse = 'read' | 'write' | 'never';

/** An endpoint of Lore's API: its OpenAPI route, and who may call it. */
export type Endpoint = RouteConfig & {
  'x-access': Access;
  'x-unauthenticated-message'?: string;
  /** A session that still owes its second factor may call it (decision 4); every other guarded endpoint refuses one. */
  'x-before-second-factor'?: true;
  /** Absent on public endpoints, which ignore who calls. */
  'x-api-token'?: ApiTokenUse;
};

/** Every error answer: a message for people and a stable code for programs. */
export const apiErrorSchema = z.object({ error: z.string(), code: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

const errorMeanings = {
  400: 'Invalid input; `error` names the first problem',
  401: 'Not signed in',
  403: 'Not allowed for the caller, a cross-site request, or (code `mfa_required`) a session that still owes its second factor',
  404: 'No such thing, or the caller is not a member of its account',
  409: 'Conflicts with what exists',
  413: 'Too large',
  415: 'Unsupported type',
  422: 'Understood but cannot be processed (for example a file that takes too long to read)',
  429: 'Too many at once',
  502: 'A service Lore depends on failed',
  503: 'Unavailable',
} as const;

const json = <S extends z.ZodType>(schema: S, description: string) =>
  ({ description, content: { 'application/json': { schema } } }) as const;

/** The error answers an endpoint can give, beyond those every guarded endpoint gives. */
export const errors = (...statuses: Array<keyof typeof errorMeanings>) =>
  Object.fromEntries(statuses.map((status) => [status, json(apiErrorSchema, errorMeanings[status])]));

/** A JSON request body. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  ({ required: true, content: { 'application/json': { schema } } }) as const;

/** A JSON answer with `description`. */
export const ok = json;

/** `{ data }`: how Lore's own endpoints wrap their answers. */
export const dataOf = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

/** `{ success: true }`, how the spec's own-backend endpoints confirm a change. */
export const successSchema = z.object({ success: z.literal(true) });

const guardErrors: Record<Access, Array<keyof typeof errorMeanings>> = {
  public: [],
  user: [401, 403],
  member: [401, 403, 404],
};

/**
 * Declares an endpoint. The server mounts it behind the guard its access asks for
 * and validates its request; the web calls it through the typed client; the
 * OpenAPI document at /api/openapi.json is generated from the same object.
 */
export function defineEndpoint<const R extends RouteConfig>(
  access: Access,
  route: R,
  options: { unauthenticatedMessage?: string; beforeSecondFactor?: true; apiToken?: ApiTokenUse } = {},
) {
  // A token reaches its workspace's endpoints (reads with GET) and, among a person's own, only what is said.
  const apiToken: ApiTokenUse | undefined =
    access === 'public'
      ? undefined
      : (options.apiToken ?? (access === 'user' ? 'never' : route.method === 'get' ? 'read' : 'write'));
  const security: Array<Record<string, string[]>> =
    access === 'public' ? [] : apiToken === 'never' ? [{ session: [] }] : [{ session: [] }, { apiToken: [] }];
  return {
    ...route,
    security,
    responses: { ...errors(...guardErrors[access]), ...route.responses } as R['responses'],
    'x-access': access,
    ...(options.unauthenticatedMessage ? { 'x-unauthenticated-message': options.unauthenticatedMessage } : {}),
    ...(options.beforeSecondFactor ? { 'x-before-second-factor': true as const } : {}),
    ...(apiToken ? { 'x-api-token': apiToken } : {}),
  } satisfies Endpoint;
}
