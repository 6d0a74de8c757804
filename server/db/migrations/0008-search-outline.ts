import { sql, type Kysely } from 'kysely';

/**
 * Ranked retrieval, second part (decision 9): each item also gets an outline
 * row (title, tags and headings: what the item is about), every row knows its
 * item's body length (for the item-level ranking), and the account's
 * index statistics (rows and total length per kind) are kept in a counter row
 * by a trigger, so a search reads them in one lookup however large the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE search_passages ADD COLUMN kind smallint NOT NULL DEFAULT 1;
    ALTER TABLE search_passages ADD COLUMN item_length real NOT NULL DEFAULT 1;
    -- Items indexed before this have no outline row: the start-up pass indexes them again.
    UPDATE knowledge SET search_version = 0;

    CREATE TABLE search_stats (
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      kind smallint NOT NULL,
      rows bigint NOT NULL,
      length float8 NOT NULL,
      PRIMARY KEY (account_id, kind)
    );
    INSERT INTO search_stats (account_id, kind, rows, length)
      SELECT account_id, kind, count(*), sum(length) FROM search_passages GROUP BY account_id, kind;

    CREATE FUNCTION search_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO search_stats (account_id, kind, rows, length) VALUES (NEW.account_id, NEW.kind, 1, NEW.length)
        ON CONFLICT (account_id, kind)
        DO UPDATE SET rows = search_stats.rows + 1, length = search_stats.length + EXCLUDED.length;
        RETURN NEW;
      END IF;
      UPDATE search_stats SET rows = rows - 1, length = length - OLD.length
      WHERE account_id = OLD.account_id AND kind = OLD.kind;
      RETURN OLD;
    END $$;

    CREATE TRIGGER search_passages_stats AFTER INSERT OR DELETE ON search_passages
      FOR EACH ROW EXECUTE FUNCTION search_stats_follow();
  `.execute(db);
}
