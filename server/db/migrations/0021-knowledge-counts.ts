import { sql, type Kysely } from 'kysely';

/**
 * Counts kept up to date instead of counted on every call (issue 14, decision 20):
 * how many items each account has (`knowledge_counts`) and how many carry each tag
 * (`knowledge_tag_counts`), read by the count and tags endpoints that every list
 * and dashboard load asks for. Kept by statement-level triggers on knowledge, so a
 * statement that writes many items (an import, a bulk load, an account's deletion
 * by cascade) changes each count once. Changes are applied in key order, so
 * concurrent saves wait for each other rather than deadlock. No foreign key to
 * accounts: the rows leave through the triggers as the account's items go (as
 * search_vocabulary's do).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE knowledge_counts (
      account_id uuid PRIMARY KEY,
      items integer NOT NULL
    );
    CREATE TABLE knowledge_tag_counts (
      account_id uuid NOT NULL,
      tag text NOT NULL,
      items integer NOT NULL,
      PRIMARY KEY (account_id, tag)
    );

    -- A statement's changes as parallel arrays: (account, tag, +1 or -1); a NULL tag counts the item itself.
    CREATE FUNCTION knowledge_counts_apply(accounts uuid[], tags text[], deltas integer[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO knowledge_counts AS k (account_id, items)
        SELECT c.account, sum(c.delta) FROM unnest(accounts, tags, deltas) AS c (account, tag, delta)
        WHERE c.tag IS NULL GROUP BY c.account HAVING sum(c.delta) <> 0 ORDER BY c.account
        ON CONFLICT (account_id) DO UPDATE SET items = k.items + excluded.items;
      INSERT INTO knowledge_tag_counts AS k (account_id, tag, items)
        SELECT c.account, c.tag, sum(c.delta) FROM unnest(accounts, tags, deltas) AS c (account, tag, delta)
        WHERE c.tag IS NOT NULL GROUP BY c.account, c.tag HAVING sum(c.delta) <> 0 ORDER BY c.account, c.tag
        ON CONFLICT (account_id, tag) DO UPDATE SET items = k.items + excluded.items;
      DELETE FROM knowledge_counts WHERE account_id = ANY(accounts) AND items <= 0;
      DELETE FROM knowledge_tag_counts WHERE account_id = ANY(accounts) AND tag = ANY(tags) AND items <= 0;
    END $$;

    CREATE FUNCTION knowledge_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM knowledge_counts_apply(array_agg(a.account_id), array_agg(t.tag), array_agg(1))
      FROM added a, LATERAL (SELECT NULL::text UNION ALL SELECT unnest(a.tags)) AS t (tag);
      RETURN NULL;
    END $$;

    CREATE FUNCTION knowledge_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM knowledge_counts_apply(array_agg(r.account_id), array_agg(t.tag), array_agg(-1))
      FROM removed r, LATERAL (SELECT NULL::text UNION ALL SELECT unnest(r.tags)) AS t (tag);
      RETURN NULL;
    END $$;

    -- An edit changes the tag counts by what its tags lost and gained (the item count, never).
    CREATE FUNCTION knowledge_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM knowledge_counts_apply(array_agg(c.account_id), array_agg(c.tag), array_agg(c.delta))
      FROM (
        SELECT a.account_id, unnest(a.tags) AS tag, 1 AS delta
        FROM added a JOIN removed r ON r.id = a.id WHERE a.tags IS DISTINCT FROM r.tags
        UNION ALL
        SELECT r.account_id, unnest(r.tags), -1
        FROM added a JOIN removed r ON r.id = a.id WHERE a.tags IS DISTINCT FROM r.tags
      ) c;
      RETURN NULL;
    END $$;

    CREATE TRIGGER knowledge_counts_insert AFTER INSERT ON knowledge
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION knowledge_counts_added();
    CREATE TRIGGER knowledge_counts_delete AFTER DELETE ON knowledge
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION knowledge_counts_removed();
    CREATE TRIGGER knowledge_counts_update AFTER UPDATE ON knowledge
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION knowledge_counts_changed();

    INSERT INTO knowledge_counts (account_id, items) SELECT account_id, count(*) FROM knowledge GROUP BY account_id;
    INSERT INTO knowledge_tag_counts (account_id, tag, items)
      SELECT account_id, tag, count(*) FROM knowledge, unnest(tags) AS tag GROUP BY account_id, tag;
  `.execute(db);
}
