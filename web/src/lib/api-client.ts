/** An API failure with the HTTP status and the server's message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Calls Lore's JSON API with the session cookie. Resolves to the body's `data`
 * (or the body); rejects with the server's `error` message, or
 * 'Request failed with status N' when there is none.
 */
export async function apiFetch<T>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers: options.body !== undefined ? { 'content-type': 'application/json' } : undefined,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, body?.error ?? body?.message ?? `Request failed with status ${response.status}`, body?.code);
  }
  return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T;
}
