import type { Executor } from './executor';

/** How long Lore remembers a login link after it expired, to say why it no longer works. */
export const LOGIN_LINK_MEMORY_DAYS = 30;

/** Remembers a link about to be mailed (by its token's hash), and forgets links long expired. */
export async function recordLoginLink(
  db: Executor,
  link: { tokenHash: string; email: string; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('login_links')
    .values({ token_hash: link.tokenHash, email: link.email, expires_at: link.expiresAt })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
  const forgetBefore = new Date(now.getTime() - LOGIN_LINK_MEMORY_DAYS * 24 * 60 * 60 * 1000);
  await db.deleteFrom('login_links').where('expires_at', '<', forgetBefore).execute();
}

/** Forgets a link whose mail could not be sent. */
export async function forgetLoginLink(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('login_links').where('token_hash', '=', tokenHash).execute();
}

/** Notes that a link signed someone in. */
export async function markLoginLinkUsed(db: Executor, tokenHash: string, now = new Date()): Promise<void> {
  await db.updateTable('login_links').set({ used_at: now }).where('token_hash', '=', tokenHash).execute();
}

/** A link Lore issued, by its token's hash, or undefined for a token it never issued (or has forgotten). */
export async function findIssuedLoginLink(db: Executor, tokenHash: string) {
  return db
    .selectFrom('login_links')
    .select(['email', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
