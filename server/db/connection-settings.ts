/**
 * How Lore's connections to PostgreSQL notice a server that is gone: a connection not
 * made in 5 s fails (a fail-over to an address that does not answer would otherwise hold
 * each request for minutes), and TCP keep-alives find a connection whose peer vanished.
 */
export const CONNECTION_SETTINGS = { connectionTimeoutMillis: 5000, keepAlive: true } as const;
