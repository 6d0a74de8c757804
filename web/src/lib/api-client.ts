import { ApiError, createApiClient } from '@common/api/client';

export { ApiError };

/**
 * Calls one of the endpoints declared in common/api/ with the session cookie:
 * `api(renameAccount, { params: { accountId }, json: { name } })`. Input and
 * answer are typed by the endpoint's schemas; failures reject with an ApiError
 * carrying the server's message and `code`.
 */
export const api = createApiClient((url, init) => fetch(url, { ...init, credentials: 'same-origin' }));
