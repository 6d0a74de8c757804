import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's weekly chart from counts kept up to date (issue 14, decision 20):
 * how many items each account created in each week (Monday, UTC), kept by
 * statement-level triggers on knowledge as 0021's counts are, in key order. The
 * chart read one index entry per item of its 12 weeks (11,912 at 100,000 items,
 * all of them after a large import); it now reads at most 12 rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE knowledge_week_counts (
      account_id uuid NOT NULL,
      week date NOT NULL,
      items integer NOT NULL,
      PRIMARY KEY (account_id, week)
    );

    -- The Monday (UTC) starting the week of a moment, as the chart's weeks are.
    CREATE FUNCTION knowledge_week_of(created timestamptz) RETURNS date LANGUAGE sql IMMUTABLE STRICT AS $$
      SELECT date_trunc('week', created AT TIME ZONE 'UTC')::date
    $$;

    -- A statement's changes as parallel arrays: (account, week, +1 or -1).
    CREATE FUNCTION knowledge_week_counts_apply(accounts uuid[], weeks date[], deltas integer[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO knowledge_week_counts AS k (account_id, week, items)
        SELECT c.account, c.week, sum(c.delta) FROM unnest(accounts, weeks, deltas) AS c (account, week, delta)
        GROUP BY c.account, c.week HAVING sum(c.delta) <> 0 ORDER BY c.account, c.week
        ON CONFLICT (account_id, week) DO UPDATE SET items = k.items + excluded.items;
      DELETE FROM knowledge_week_counts WHERE account_id = ANY(accounts) AND week = ANY(weeks) AND items <= 0;
    END $$;

    CREATE FUNCTION knowledge_week_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM knowledge_week_counts_apply(array_agg(account_id), array_agg(knowledge_week_of(created_at)), array_agg(1))
      FROM added;
      RETURN NULL;
    END $$;

    CREATE FUNCTION knowledge_week_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM knowledge_week_counts_apply(array_agg(account_id), array_agg(knowledge_week_of(created_at)), array_agg(-1))
      FROM removed;
      RETURN NULL;
    END $$;

    -- Only an item whose creation moment or account changed (set by hand, say) moves:
    -- out of its old week and account, into its new ones.
    CREATE FUNCTION knowledge_week_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM knowledge_week_counts_apply(array_agg(c.account_id), array_agg(c.week), array_agg(c.delta))
      FROM added a JOIN removed r USING (id),
        LATERAL (VALUES (a.account_id, knowledge_week_of(a.created_at), 1),
                        (r.account_id, knowledge_week_of(r.created_at), -1)) AS c (account_id, week, delta)
      WHERE a.created_at IS DISTINCT FROM r.created_at OR a.account_id IS DISTINCT FROM r.account_id;
      RETURN NULL;
    END $$;

    CREATE TRIGGER knowledge_week_counts_insert AFTER INSERT ON knowledge
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION knowledge_week_counts_added();
    CREATE TRIGGER knowledge_week_counts_delete AFTER DELETE ON knowledge
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION knowledge_week_counts_removed();
    CREATE TRIGGER knowledge_week_counts_update AFTER UPDATE ON knowledge
      REFERENCING OLD TABLE AS removed NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION knowledge_week_counts_changed();

    INSERT INTO knowledge_week_counts (account_id, week, items)
      SELECT account_id, knowledge_week_of(created_at), count(*) FROM knowledge GROUP BY 1, 2;
  `.execute(db);
}
