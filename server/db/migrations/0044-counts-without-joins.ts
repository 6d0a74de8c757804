import { sql, type Kysely } from 'kysely';

/**
 * The tag and week counts follow an UPDATE of items without joining the statement's old
 * rows to its new ones (migrations 0021 and 0024 matched them by id): each new row adds
 * one, each old row takes one away, and only the sums that are not zero are applied. The
 * planner may join two transition tables with a nested loop; for an UPDATE of 100,000
 * items (a workspace organised into collections) that read one 125 MB table for every
 * row of the other, and ran for hours. Summed, it reads each once.
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
