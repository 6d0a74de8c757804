import { sql, type Kysely } from 'kysely';

/**
 * Live refresh (decision 19): every committed change to knowledge,
 * account_members and pending_invites is written to `change_events` and
 * announced on the `lore_changes` channel, so each Lore process on the database
 * hears of every change, whichever process made it.
 *
 * The triggers are deferred to commit and take one transaction lock before the
 * event gets its id, so ids are handed out in commit order: a reader that has
 * seen event n has seen every committed event before it, and "what came after
 * the last id I saw" is exact. NOTIFY is sent at commit and never on rollback;
 * its payload is empty (identical notifications of one transaction fold into
 * one), as listeners read the rows after the last id they delivered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE change_events (
      id bigserial PRIMARY KEY,
      account_id uuid NOT NULL,
      table_name text NOT NULL CHECK (table_name IN ('knowledge', 'account_members', 'pending_invites')),
      -- The item's or invitation's id; for account_members, the member's user id.
      row_id uuid NOT NULL,
      op text NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX change_events_created_at_idx ON change_events (created_at);

    CREATE FUNCTION record_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed record;
      changed_row_id uuid;
    BEGIN
      IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
      IF TG_TABLE_NAME = 'account_members' THEN
        changed_row_id := changed.user_id;
      ELSE
        changed_row_id := changed.id;
      END IF;
      -- Held until the commit is visible: the next transaction's event gets a later id.
      PERFORM pg_advisory_xact_lock(hashtext('lore.change_events'));
      INSERT INTO change_events (account_id, table_name, row_id, op)
        VALUES (changed.account_id, TG_TABLE_NAME, changed_row_id, lower(TG_OP));
      PERFORM pg_notify('lore_changes', '');
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER knowledge_changes
      AFTER INSERT OR DELETE ON knowledge DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_change();
    -- Only what people see: re-indexing an item for search is no change to them.
    CREATE CONSTRAINT TRIGGER knowledge_updates
      AFTER UPDATE ON knowledge DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW
      WHEN ((OLD.title, OLD.content, OLD.tags, OLD.ai_summary, OLD.ai_question, OLD.user_id, OLD.short_id, OLD.updated_at)
        IS DISTINCT FROM (NEW.title, NEW.content, NEW.tags, NEW.ai_summary, NEW.ai_question, NEW.user_id, NEW.short_id, NEW.updated_at))
      EXECUTE FUNCTION record_change();
    CREATE CONSTRAINT TRIGGER account_members_changes
      AFTER INSERT OR UPDATE OR DELETE ON account_members DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_change();
    CREATE CONSTRAINT TRIGGER pending_invites_changes
      AFTER INSERT OR UPDATE OR DELETE ON pending_invites DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_change();
  `.execute(db);
}
