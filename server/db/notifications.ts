import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { CONNECTION_SETTINGS } from './connection-settings';
import type { DB } from './schema';

/**
 * Calls `onNotify` for each notification on a channel (pg_notify, delivered
 * when the sending transaction commits), and once more each time a lost
 * listening connection is back, as notifications sent meanwhile are gone.
 * Resolves once listening; the answer stops it.
 */
/** Listens on a channel; `onNotify` gets each notification's payload (none when it is a wake-up after a reconnect). */
export type Listen = (channel: string, onNotify: (payload?: string) => void) => Promise<() => Promise<void>>;

/** Waits before each new try after the listening connection is lost: 1, 2, 5, then 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * PostgreSQL: one connection of its own per listener, outside the pool (a
 * pooled connection is handed to others between queries). A lost connection
 * (a restart of the server, a network fault) is opened again until `stop`.
 */
export function listenOnPostgres(
  connectionString: string,
  onConnectionError: (error: Error) => void = () => {},
): Listen {
  return async (channel, onNotify) => {
    let stopped = false;
    /** The connection listening now; a connection still being opened is not it yet. */
    let client: pg.Client | undefined;
    let opening: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;

    const connect = async () => {
      const next = new pg.Client({ connectionString, ...CONNECTION_SETTINGS });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload);
      });
      // Without a listener, a connection error would crash the process. A try that
      // fails is not "lost": its caller alone decides what comes next.
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next, new Error('The listening connection ended')));
      opening = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
      } catch (error) {
        next.end().catch(() => {});
        throw error;
      } finally {
        opening = undefined;
      }
    };

    const reconnect = (attempt: number) => {
      retry = setTimeout(
        () => {
          connect().then(
            () => {
              if (!stopped) onNotify();
            },
            (error: Error) => {
              onConnectionError(error);
              if (!stopped) reconnect(attempt + 1);
            },
          );
        },
        RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)],
      );
    };

    const lost = (which: pg.Client, error: Error) => {
      if (stopped || which !== client) return;
      client = undefined;
      onConnectionError(error);
      which.end().catch(() => {});
      reconnect(0);
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const last = [client, opening];
      client = opening = undefined;
      await Promise.all(last.map((open) => open?.end().catch(() => {})));
    };
  };
}

/**
 * PGlite: its own listen API, in this process. It runs LISTEN on PGlite's one
 * connection, so it does so while holding the pool's only connection: never
 * inside someone else's open transaction (whose rollback would undo it).
 */
export function listenOnPglite(pglite: PGlite, db: Kysely<DB>): Listen {
  return async (channel, onNotify) => {
    const unlisten = await db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      return pglite.listen(channel, (payload) => onNotify(payload));
    });
    return async () => {
      await db.connection().execute(() => unlisten());
    };
  };
}
