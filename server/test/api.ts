import { createApiClient } from '../../common/api/client';
import type { TestClient } from './http-client';

/**
 * The web's typed API client, sending as `client` does (its cookies and a
 * same-site Origin), so tests call endpoints through the same contract as the web.
 */
export function apiAs(client: TestClient) {
  return createApiClient((url, init) =>
    fetch(new URL(url, client.baseUrl), {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), ...client.callerHeaders() },
    }),
  );
}
