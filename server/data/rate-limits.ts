import { sql } from 'kysely';
import type { Executor } from './executor';

/**
 * Counts one request under `key` in a fixed window of `windowSeconds`
 * (`auth_rate_limits`: `count`, and `last_request` holding when the window began,
 * in ms): the window's count so far with this one, and the seconds left in it.
 * One statement, so requests sent together are each counted.
 */
export async function countRequest(
  db: Executor,
  key: string,
  windowSeconds: number,
  now: number,
): Promise<{ count: number; secondsLeft: number }> {
  const expired = now - windowSeconds * 1000;
  const { rows } = await sql<{ count: number; last_request: number }>`
    INSERT INTO auth_rate_limits (key, count, last_request) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN auth_rate_limits.last_request <= ${expired} THEN 1 ELSE auth_rate_limits.count + 1 END,
      last_request = CASE WHEN auth_rate_limits.last_request <= ${expired} THEN ${now} ELSE auth_rate_limits.last_request END
    RETURNING count, last_request
  `.execute(db);
  const row = rows[0]!;
  const windowEnds = Number(row.last_request) + windowSeconds * 1000;
  return { count: Number(row.count), secondsLeft: Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
}

/** Forgets counts whose window began before `before` (ms). */
export async function forgetRequestCounts(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('auth_rate_limits').where('last_request', '<', before).execute();
}
