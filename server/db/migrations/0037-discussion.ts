import { sql, type Kysely } from 'kysely';

/**
 * Issue 35, decision 38: comments, @mentions and notifications.
 *
 * A thread is on an item: on the whole of it (`quote` null) or on a passage, whose text is
 * kept in `quote` and whose place is a comment mark in the item's document (`<span
 * data-comment-thread="id">`), which follows the text through co-editing. Comments belong to a
 * thread; both go with their item. Watching an item (`watching`, false when someone stopped)
 * hears of its comments and edits; notifications are one person's, in one workspace, and go
 * with their membership. A profile chooses how the rest of its notifications are e-mailed
 * (mentions are e-mailed at once). Changes of threads and comments are live changes of the
 * item's comments ('comments', the item's id and collection); a notification's are its
 * person's alone (`change_events.user_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE comment_threads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      quote text CHECK (quote IS NULL OR length(quote) BETWEEN 1 AND 1000),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by uuid REFERENCES users (id) ON DELETE SET NULL
    );
    CREATE INDEX comment_threads_knowledge_idx ON comment_threads (knowledge_id, created_at);

    CREATE TABLE comments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      thread_id uuid NOT NULL REFERENCES comment_threads (id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      edited_at timestamptz
    );
    CREATE INDEX comments_thread_idx ON comments (thread_id, created_at);
    CREATE INDEX comments_knowledge_idx ON comments (knowledge_id);

    CREATE TABLE item_watches (
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      account_id uuid NOT NULL,
      user_id uuid NOT NULL,
      watching boolean NOT NULL,
      PRIMARY KEY (knowledge_id, user_id),
      FOREIGN KEY (account_id, user_id) REFERENCES account_members (account_id, user_id) ON DELETE CASCADE
    );

    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL,
      user_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('mention', 'reply', 'comment', 'resolved', 'edit')),
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      thread_id uuid REFERENCES comment_threads (id) ON DELETE CASCADE,
      comment_id uuid REFERENCES comments (id) ON DELETE CASCADE,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      -- 'pending' until the daily digest carries it; 'sent' once mailed; 'none' when no mail is due.
      mail text NOT NULL DEFAULT 'none' CHECK (mail IN ('none', 'pending', 'sent')),
      FOREIGN KEY (account_id, user_id) REFERENCES account_members (account_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
    CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
    CREATE INDEX notifications_digest_idx ON notifications (user_id) WHERE mail = 'pending';

    ALTER TABLE profiles
      ADD COLUMN comment_email text NOT NULL DEFAULT 'each' CHECK (comment_email IN ('each', 'daily', 'none')),
      ADD COLUMN mention_email boolean NOT NULL DEFAULT true,
      ADD COLUMN digest_sent_at timestamptz;

    -- Live refresh: the comments of an item, and a person's own notifications.
    ALTER TABLE change_events ADD COLUMN user_id uuid;
    ALTER TABLE change_events DROP CONSTRAINT change_events_table_name_check;
    ALTER TABLE change_events ADD CONSTRAINT change_events_table_name_check
      CHECK (table_name IN ('knowledge', 'account_members', 'pending_invites', 'sessions', 'collections',
        'comments', 'notifications'));

    CREATE FUNCTION record_comment_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed record;
      item_collection uuid;
    BEGIN
      IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
      SELECT collection_id INTO item_collection FROM knowledge WHERE id = changed.knowledge_id;
      -- Gone with its item: the item's own deletion is the change.
      IF item_collection IS NULL THEN RETURN NULL; END IF;
      PERFORM pg_advisory_xact_lock(hashtext('lore.change_events'));
      INSERT INTO change_events (account_id, table_name, row_id, op, collection_id)
        VALUES (changed.account_id, 'comments', changed.knowledge_id, lower(TG_OP), item_collection);
      PERFORM pg_notify('lore_changes', '');
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER comment_threads_changes
      AFTER INSERT OR UPDATE OR DELETE ON comment_threads DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_comment_change();
    CREATE CONSTRAINT TRIGGER comments_changes
      AFTER INSERT OR UPDATE OR DELETE ON comments DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_comment_change();

    CREATE FUNCTION record_notification_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed record;
    BEGIN
      IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
      PERFORM pg_advisory_xact_lock(hashtext('lore.change_events'));
      INSERT INTO change_events (account_id, table_name, row_id, op, user_id)
        VALUES (changed.account_id, 'notifications', changed.id, lower(TG_OP), changed.user_id);
      PERFORM pg_notify('lore_changes', '');
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER notifications_inserts
      AFTER INSERT ON notifications DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_notification_change();
    CREATE CONSTRAINT TRIGGER notifications_reads
      AFTER UPDATE ON notifications DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (OLD.read_at IS DISTINCT FROM NEW.read_at)
      EXECUTE FUNCTION record_notification_change();

    COMMENT ON TABLE comment_threads IS 'A discussion on an item: on the whole of it, or on a passage marked in its document (decision 38).';
    COMMENT ON COLUMN comment_threads.quote IS 'The passage''s text when the thread was started; null for a thread on the whole item.';
    COMMENT ON TABLE comments IS 'A comment of a thread: restricted HTML (bold, italic, code, links, mentions), sanitized on the server.';
    COMMENT ON TABLE item_watches IS 'Who hears of an item''s comments and edits; watching is false for someone who stopped.';
    COMMENT ON TABLE notifications IS 'One person''s notification in one workspace: a mention, a reply, a comment, a resolved thread or an edit.';
    COMMENT ON COLUMN notifications.mail IS 'Whether it is to be e-mailed (pending), was (sent), or is not (none).';
    COMMENT ON COLUMN change_events.user_id IS 'For a notification''s change: the one person whose streams see it.';
  `.execute(db);
}
