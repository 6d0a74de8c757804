import { sql, type Kysely } from 'kysely';

/**
 * The tag and week counts follow an UPDATE of items without joining the statement's old
 * rows to its new ones (migrations 0021 and 0024 matched them by id): each new row adds
 * one, each old row takes one away, and only the sums that are not zero are applied. A
 * connection keeps the plan it made for the join when edits changed one item at a time: a
 * nested loop, which for a statement changing many items reads one transition table (125 MB
 * at 100,000 items) for every row of the other. An UPDATE of 30,000 items ran past 100 s
 * (2.6 s summed); organising 100,000 ran over ten minutes without ending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION knowledge_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION knowledge_week_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
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
  `.execute(db);
}
