import { sql, type Kysely } from 'kysely';

/**
 * Ranked retrieval that stays fast at 100,000 items (decision 9). A search now
 * reads postings alone, and only the strongest of each term:
 * - every posting names its ranking (`kind`: 0 the item's outline, 1 a body
 *   passage, 2 the item's whole body, hung on its outline row), its item and
 *   its unit's length, so no join to search_passages is needed;
 * - `impact`, the posting's BM25 term weight at nominal unit lengths, orders
 *   each term's postings in one index, so a search reads the strongest first;
 *   the items found are then scored exactly through an index by item and term;
 * - search_term_stats keeps each term's document frequency per ranking, kept by
 *   triggers, so a search need not count a common term's postings.
 * Index writes of one account take its advisory lock first (in the triggers),
 * so concurrent saves never deadlock on the statistics rows.
 * The postings are rebuilt: items are indexed again by the start-up pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM search_terms;
    UPDATE knowledge SET search_version = 0;

    ALTER TABLE search_passages DROP COLUMN item_length;
    ALTER TABLE search_terms DROP CONSTRAINT search_terms_pkey;
    ALTER TABLE search_terms
      ADD COLUMN kind smallint NOT NULL,
      ADD COLUMN knowledge_id uuid NOT NULL,
      ADD COLUMN length real NOT NULL,
      ADD COLUMN impact real GENERATED ALWAYS AS (
        frequency / (frequency + 1.2 * (0.25 + 0.75 * length / CASE kind WHEN 0 THEN 25 WHEN 1 THEN 250 ELSE 1000 END))
      ) STORED;
    CREATE INDEX search_terms_impact_idx ON search_terms (account_id, term, kind, impact DESC, passage_id)
      INCLUDE (knowledge_id, frequency, length);
    -- An item's postings go with the item; its terms are looked up to score it exactly.
    ALTER TABLE search_terms DROP CONSTRAINT search_terms_passage_id_fkey;
    DROP INDEX search_terms_passage_idx;
    ALTER TABLE search_terms ADD FOREIGN KEY (knowledge_id) REFERENCES knowledge (id) ON DELETE CASCADE;
    CREATE INDEX search_terms_item_idx ON search_terms (knowledge_id, term);

    CREATE TABLE search_term_stats (
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      term text NOT NULL,
      kind smallint NOT NULL,
      rows bigint NOT NULL,
      PRIMARY KEY (account_id, term, kind)
    );

    -- One lock per account for everything that changes its index statistics.
    CREATE FUNCTION search_index_lock(account uuid) RETURNS void LANGUAGE sql AS $$
      SELECT pg_advisory_xact_lock(20240609, hashtext(account::text))
    $$;

    CREATE FUNCTION search_term_stats_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_index_lock(account_id) FROM (SELECT DISTINCT account_id FROM added ORDER BY 1) a;
      INSERT INTO search_term_stats (account_id, term, kind, rows)
      SELECT account_id, term, kind, count(*) FROM added GROUP BY account_id, term, kind ORDER BY 1, 2, 3
      ON CONFLICT (account_id, term, kind) DO UPDATE SET rows = search_term_stats.rows + EXCLUDED.rows;
      RETURN NULL;
    END $$;

    CREATE FUNCTION search_term_stats_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_index_lock(account_id) FROM (SELECT DISTINCT account_id FROM removed ORDER BY 1) a;
      WITH gone AS (SELECT account_id, term, kind, count(*) AS rows FROM removed GROUP BY account_id, term, kind)
      UPDATE search_term_stats s SET rows = s.rows - gone.rows
      FROM gone WHERE s.account_id = gone.account_id AND s.term = gone.term AND s.kind = gone.kind;
      DELETE FROM search_term_stats s USING (SELECT DISTINCT account_id, term FROM removed) gone
      WHERE s.account_id = gone.account_id AND s.term = gone.term AND s.rows <= 0;
      RETURN NULL;
    END $$;

    CREATE TRIGGER search_terms_stats_add AFTER INSERT ON search_terms
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION search_term_stats_add();
    CREATE TRIGGER search_terms_stats_remove AFTER DELETE ON search_terms
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION search_term_stats_remove();

    CREATE OR REPLACE FUNCTION search_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM search_index_lock(NEW.account_id);
        INSERT INTO search_stats (account_id, kind, rows, length) VALUES (NEW.account_id, NEW.kind, 1, NEW.length)
        ON CONFLICT (account_id, kind)
        DO UPDATE SET rows = search_stats.rows + 1, length = search_stats.length + EXCLUDED.length;
        RETURN NEW;
      END IF;
      PERFORM search_index_lock(OLD.account_id);
      UPDATE search_stats SET rows = rows - 1, length = length - OLD.length
      WHERE account_id = OLD.account_id AND kind = OLD.kind;
      RETURN OLD;
    END $$;
  `.execute(db);
}
