import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Claims the right to send a login link to `email` now. Returns 0 when claimed,
 * otherwise the whole seconds left before another may be sent. One statement,
 * so two simultaneous requests cannot both win.
 */
export async function claimLoginLinkSlot(
  db: Kysely<DB>,
  email: string,
  now: Date,
  intervalSeconds: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - intervalSeconds * 1000);
  const claimed = await db
    .insertInto('login_link_requests')
    .values({ email, requested_at: now })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ requested_at: now })
        .where('login_link_requests.requested_at', '<=', cutoff),
    )
    .returning('email')
    .executeTakeFirst();
  if (claimed) return 0;
  const row = await db
    .selectFrom('login_link_requests')
    .select('requested_at')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const elapsedMs = now.getTime() - row.requested_at.getTime();
  return Math.max(1, Math.ceil(intervalSeconds - elapsedMs / 1000));
}


/** Gives back a slot claimed at `claimedAt` whose link could not be sent (unless a later claim took it since). */
export async function releaseLoginLinkSlot(db: Kysely<DB>, email: string, claimedAt: Date): Promise<void> {
  await db
    .deleteFrom('login_link_requests')
    .where('email', '=', email)
    .where('requested_at', '=', claimedAt)
    .execute();
}
