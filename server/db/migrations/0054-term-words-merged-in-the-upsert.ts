import { sql, type Kysely } from 'kysely';

/**
 * A term's forms with an item's added, as the statistics' upsert merges them (decision 61):
 * the indexer no longer reads a batch's term rows before writing them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION search_forms_with(forms text, added text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN added IS NULL THEN forms WHEN forms IS NULL THEN added
        ELSE forms || COALESCE((
          SELECT string_agg(' ' || a.form, '' ORDER BY a.place)
          FROM unnest(string_to_array(added, ' ')) WITH ORDINALITY AS a(form, place)
          WHERE a.form <> ALL (string_to_array(forms, ' '))
        ), '') END;
    COMMENT ON FUNCTION search_forms_with(text, text) IS
      'A term''s forms (space-separated, in the order first written) with those of added that are new to them.';
  `.execute(db);
}
