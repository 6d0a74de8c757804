import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, decision 35: collections and nested pages.
 *
 * `collections` group a workspace's items (name, description, colour, order). A
 * restricted collection is seen only by the members chosen for it
 * (`collection_members`) and by the workspace's owners and admins; an open one
 * by every member. A chosen member who leaves the workspace leaves its
 * collections too (the foreign key to account_members).
 *
 * Every item belongs to one collection of its own workspace (the composite key
 * makes another workspace's collection impossible) and may have a parent item
 * in the same collection (the composite key again), ordered among its siblings
 * by `position`. Cycles are refused by the move command, under a lock per
 * workspace (server/commands/move-knowledge.ts).
 *
 * Every existing workspace gets one open collection, 'General', holding all its
 * items at the top level, newest first as the list showed them. A new workspace
 * gets its 'General' from a trigger, and an item stored without a collection
 * lands in its workspace's first collection, so every path that makes items
 * (the API, imports, the benchmark's seeding) gives each one a collection. The
 * API chooses the first collection the writer may see before that.
 *
 * Live refresh: a knowledge change event carries its item's collection (before
 * a delete, the one it was in), so a stream can keep a restricted collection's
 * changes from the members who may not see it; a move is a change too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      name text NOT NULL,
      description text,
      color text,
      position integer NOT NULL,
      restricted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, id)
    );
    CREATE INDEX collections_account_position_idx ON collections (account_id, position);

    CREATE TABLE collection_members (
      collection_id uuid NOT NULL,
      account_id uuid NOT NULL,
      user_id uuid NOT NULL,
      PRIMARY KEY (collection_id, user_id),
      FOREIGN KEY (account_id, collection_id) REFERENCES collections (account_id, id) ON DELETE CASCADE,
      FOREIGN KEY (account_id, user_id) REFERENCES account_members (account_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX collection_members_member_idx ON collection_members (account_id, user_id);

    INSERT INTO collections (account_id, name, position) SELECT id, 'General', 0 FROM accounts;

    ALTER TABLE knowledge
      ADD COLUMN collection_id uuid,
      ADD COLUMN parent_id uuid,
      ADD COLUMN position integer;
    UPDATE knowledge k SET collection_id = c.id, position = ranked.place
    FROM collections c,
      (SELECT id, row_number() OVER (PARTITION BY account_id ORDER BY updated_at DESC, id DESC) - 1 AS place
        FROM knowledge) ranked
    WHERE c.account_id = k.account_id AND ranked.id = k.id;
    ALTER TABLE knowledge
      ALTER COLUMN collection_id SET NOT NULL,
      ALTER COLUMN position SET NOT NULL,
      ADD CONSTRAINT knowledge_collection_fk FOREIGN KEY (account_id, collection_id)
        REFERENCES collections (account_id, id),
      ADD CONSTRAINT knowledge_collection_item_key UNIQUE (collection_id, id),
      ADD CONSTRAINT knowledge_parent_fk FOREIGN KEY (collection_id, parent_id)
        REFERENCES knowledge (collection_id, id),
      ADD CONSTRAINT knowledge_not_own_parent CHECK (parent_id <> id);
    CREATE INDEX knowledge_tree_idx ON knowledge (collection_id, parent_id, position);
    CREATE INDEX knowledge_collection_updated_idx ON knowledge (collection_id, updated_at DESC, id DESC);

    -- A new workspace starts with one open collection.
    CREATE FUNCTION collections_first_of_account() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO collections (account_id, name, position) VALUES (NEW.id, 'General', 0);
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounts_first_collection AFTER INSERT ON accounts
      FOR EACH ROW EXECUTE FUNCTION collections_first_of_account();

    -- An item stored without a collection goes to its workspace's first; without a position, after its siblings.
    CREATE FUNCTION knowledge_place_in_tree() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.collection_id IS NULL THEN
        SELECT id INTO NEW.collection_id FROM collections
          WHERE account_id = NEW.account_id ORDER BY position, created_at, id LIMIT 1;
      END IF;
      IF NEW.position IS NULL THEN
        SELECT coalesce(max(position) + 1, 0) INTO NEW.position FROM knowledge
          WHERE collection_id = NEW.collection_id AND parent_id IS NOT DISTINCT FROM NEW.parent_id;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER knowledge_place_in_tree BEFORE INSERT ON knowledge
      FOR EACH ROW EXECUTE FUNCTION knowledge_place_in_tree();

    -- Live refresh: an item's changes name its collection, so streams can leave out what a member may not see.
    ALTER TABLE change_events ADD COLUMN collection_id uuid;
    CREATE FUNCTION record_knowledge_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed record;
    BEGIN
      IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
      PERFORM pg_advisory_xact_lock(hashtext('lore.change_events'));
      INSERT INTO change_events (account_id, table_name, row_id, op, collection_id)
        VALUES (changed.account_id, 'knowledge', changed.id, lower(TG_OP), changed.collection_id);
      -- Moved out of a collection: its members hear of it too, so their pages let it go.
      IF TG_OP = 'UPDATE' AND OLD.collection_id IS DISTINCT FROM NEW.collection_id THEN
        INSERT INTO change_events (account_id, table_name, row_id, op, collection_id)
          VALUES (OLD.account_id, 'knowledge', OLD.id, 'update', OLD.collection_id);
      END IF;
      PERFORM pg_notify('lore_changes', '');
      RETURN NULL;
    END $$;
    DROP TRIGGER knowledge_changes ON knowledge;
    DROP TRIGGER knowledge_updates ON knowledge;
    CREATE CONSTRAINT TRIGGER knowledge_changes
      AFTER INSERT OR DELETE ON knowledge DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_knowledge_change();
    CREATE CONSTRAINT TRIGGER knowledge_updates
      AFTER UPDATE ON knowledge DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW
      WHEN ((OLD.title, OLD.content, OLD.tags, OLD.ai_summary, OLD.ai_question, OLD.user_id, OLD.short_id,
          OLD.updated_at, OLD.collection_id, OLD.parent_id, OLD.position)
        IS DISTINCT FROM (NEW.title, NEW.content, NEW.tags, NEW.ai_summary, NEW.ai_question, NEW.user_id,
          NEW.short_id, NEW.updated_at, NEW.collection_id, NEW.parent_id, NEW.position))
      EXECUTE FUNCTION record_knowledge_change();

    -- A collection made, changed, restricted, given or losing a member, or deleted: the tree and who sees what.
    ALTER TABLE change_events DROP CONSTRAINT change_events_table_name_check;
    ALTER TABLE change_events ADD CONSTRAINT change_events_table_name_check
      CHECK (table_name IN ('knowledge', 'account_members', 'pending_invites', 'sessions', 'collections'));
    CREATE FUNCTION record_collection_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed record;
      changed_collection uuid;
      changed_op text := lower(TG_OP);
    BEGIN
      IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
      IF TG_TABLE_NAME = 'collections' THEN
        changed_collection := changed.id;
      ELSE
        -- A member chosen or let go changes who sees the collection: an update of it.
        changed_collection := changed.collection_id;
        changed_op := 'update';
      END IF;
      PERFORM pg_advisory_xact_lock(hashtext('lore.change_events'));
      INSERT INTO change_events (account_id, table_name, row_id, op, collection_id)
        VALUES (changed.account_id, 'collections', changed_collection, changed_op, changed_collection);
      PERFORM pg_notify('lore_changes', '');
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER collections_changes
      AFTER INSERT OR UPDATE OR DELETE ON collections DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_collection_change();
    CREATE CONSTRAINT TRIGGER collection_members_changes
      AFTER INSERT OR UPDATE OR DELETE ON collection_members DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_collection_change();
  `.execute(db);
}
