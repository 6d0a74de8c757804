import { sql, type Kysely } from 'kysely';

/**
 * An invitation ends one way: accepted, or cancelled (by an admin, or declined
 * by the invitee), never both. Accept and decline sent together once both
 * succeeded on PostgreSQL; the writes now check the invitation is still open,
 * and this constraint makes the database refuse the second outcome whatever
 * the code does. An invitation left both ways was accepted (its member exists).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE pending_invites SET cancelled_invite = false WHERE cancelled_invite AND accepted_at IS NOT NULL;
    ALTER TABLE pending_invites ADD CONSTRAINT pending_invites_one_outcome
      CHECK (NOT (cancelled_invite AND accepted_at IS NOT NULL));
  `.execute(db);
}
