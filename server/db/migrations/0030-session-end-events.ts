import { sql, type Kysely } from 'kysely';

/**
 * Streams end with their session (issue 30, decision 28): a session that ends
 * writes a `change_events` row (table 'sessions', no account, the session's id)
 * in the same commit-ordered run as 0018's changes, so every process's change
 * feed hears of it and closes that session's live streams at once. It catches
 * every way a session ends: sign-out, 'Sign Out Everywhere Else', one session
 * ended from the sessions page, a user deleted (the cascade), and a session made
 * to owe a two-factor code because two-factor was turned on elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE change_events ALTER COLUMN account_id DROP NOT NULL;
    ALTER TABLE change_events DROP CONSTRAINT change_events_table_name_check;
    ALTER TABLE change_events ADD CONSTRAINT change_events_table_name_check
      CHECK (table_name IN ('knowledge', 'account_members', 'pending_invites', 'sessions'));
    -- Only a session's end has no account.
    ALTER TABLE change_events ADD CONSTRAINT change_events_account_check
      CHECK ((account_id IS NULL) = (table_name = 'sessions'));

    CREATE FUNCTION record_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The same lock as record_change(): ids follow commit order.
      PERFORM pg_advisory_xact_lock(hashtext('lore.change_events'));
      INSERT INTO change_events (account_id, table_name, row_id, op)
        VALUES (NULL, 'sessions', OLD.id, lower(TG_OP));
      PERFORM pg_notify('lore_changes', '');
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER sessions_ended
      AFTER DELETE ON sessions DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_session_end();
    -- Owing a code again (two-factor turned on elsewhere), or its expiry moved into the past.
    CREATE CONSTRAINT TRIGGER sessions_suspended
      AFTER UPDATE ON sessions DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW
      WHEN ((NEW.second_factor = 'pending' AND OLD.second_factor <> 'pending')
        OR (NEW.expires_at <= now() AND OLD.expires_at > now()))
      EXECUTE FUNCTION record_session_end();
  `.execute(db);
}
