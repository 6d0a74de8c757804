import { sql, type Kysely } from 'kysely';

/**
 * The item, tag and week counts (migrations 0021, 0024 and 0044) follow each statement on
 * `knowledge` through one trigger per operation instead of two: each trigger reads its
 * statement's rows and calls PL/pgSQL on its own, and one in place of two took a fifth off a
 * 2,000-character save on PGlite (decision 63). An insert only adds, so its counts are written
 * straight, with none of the removal's `DELETE`s of counts fallen to zero. The counts are taken
 * in the same order as before (the item counts, then the tags', then the weeks'), so
 * concurrent saves still wait for each other rather than deadlock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER knowledge_counts_insert ON knowledge;
    DROP TRIGGER knowledge_counts_delete ON knowledge;
    DROP TRIGGER knowledge_counts_update ON knowledge;
    DROP TRIGGER knowledge_week_counts_insert ON knowledge;
    DROP TRIGGER knowledge_week_counts_delete ON knowledge;
    DROP TRIGGER knowledge_week_counts_update ON knowledge;
    DROP FUNCTION knowledge_counts_added(), knowledge_counts_removed(), knowledge_counts_changed(),
      knowledge_week_counts_added(), knowledge_week_counts_removed(), knowledge_week_counts_changed();

    CREATE FUNCTION knowledge_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO knowledge_counts AS k (account_id, items)
        SELECT account_id, count(*) FROM added GROUP BY account_id ORDER BY account_id
        ON CONFLICT (account_id) DO UPDATE SET items = k.items + excluded.items;
      INSERT INTO knowledge_tag_counts AS k (account_id, tag, items)
        SELECT a.account_id, t.tag, count(*) FROM added a, unnest(a.tags) AS t (tag)
        GROUP BY a.account_id, t.tag ORDER BY a.account_id, t.tag
        ON CONFLICT (account_id, tag) DO UPDATE SET items = k.items + excluded.items;
      INSERT INTO knowledge_week_counts AS k (account_id, week, items)
        SELECT account_id, knowledge_week_of(created_at) AS week, count(*) FROM added
        GROUP BY account_id, week ORDER BY account_id, week
        ON CONFLICT (account_id, week) DO UPDATE SET items = k.items + excluded.items;
      RETURN NULL;
    END $$;

    CREATE FUNCTION knowledge_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM knowledge_counts_apply(array_agg(r.account_id), array_agg(t.tag), array_agg(-1))
      FROM removed r, LATERAL (SELECT NULL::text UNION ALL SELECT unnest(r.tags)) AS t (tag);
      PERFORM knowledge_week_counts_apply(array_agg(account_id), array_agg(knowledge_week_of(created_at)), array_agg(-1))
      FROM removed;
      RETURN NULL;
    END $$;

    -- An edit changes the tag counts by what its tags lost and gained, and the week counts only
    -- for an item whose creation moment or account changed; each new row adds one, each old row
    -- takes one away, and only the sums that are not zero are applied (migration 0044).
    CREATE FUNCTION knowledge_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM knowledge_counts_apply(array_agg(c.account_id), array_agg(c.tag), array_agg(c.delta))
      FROM (
        SELECT change.account_id, change.tag, sum(change.delta)::integer AS delta
        FROM (
          SELECT account_id, unnest(tags) AS tag, 1 AS delta FROM added
          UNION ALL SELECT account_id, unnest(tags), -1 FROM removed
        ) change
        GROUP BY change.account_id, change.tag HAVING sum(change.delta) <> 0
      ) c;
      PERFORM knowledge_week_counts_apply(array_agg(c.account_id), array_agg(c.week), array_agg(c.delta))
      FROM (
        SELECT change.account_id, change.week, sum(change.delta)::integer AS delta
        FROM (
          SELECT account_id, knowledge_week_of(created_at) AS week, 1 AS delta FROM added
          UNION ALL SELECT account_id, knowledge_week_of(created_at), -1 FROM removed
        ) change
        GROUP BY change.account_id, change.week HAVING sum(change.delta) <> 0
      ) c;
      RETURN NULL;
    END $$;

    CREATE TRIGGER knowledge_counts_insert AFTER INSERT ON knowledge
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION knowledge_counts_inserted();
    CREATE TRIGGER knowledge_counts_delete AFTER DELETE ON knowledge
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION knowledge_counts_deleted();
    CREATE TRIGGER knowledge_counts_update AFTER UPDATE ON knowledge
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION knowledge_counts_updated();
  `.execute(db);
}
