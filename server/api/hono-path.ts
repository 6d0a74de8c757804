/** `/api/accounts/{accountId}/x` (a contract's OpenAPI path) as Hono writes it: `/api/accounts/:accountId/x`. */
export const honoPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');
