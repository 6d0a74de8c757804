import { sql, type Kysely } from 'kysely';

/** Knowledge items with weighted full-text search, and per-user stars. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE knowledge (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      short_id text NOT NULL UNIQUE CHECK (short_id ~ '^[A-Za-z0-9_-]{1,9}$'),
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      title text NOT NULL CHECK (length(btrim(title)) > 0),
      content text NOT NULL DEFAULT '',
      tags text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      ai_summary text,
      ai_question text,
      search_vector tsvector NOT NULL DEFAULT ''::tsvector
    );
    CREATE INDEX knowledge_account_updated_idx ON knowledge (account_id, updated_at DESC);
    CREATE INDEX knowledge_tags_idx ON knowledge USING gin (tags);
    CREATE INDEX knowledge_search_idx ON knowledge USING gin (search_vector);

    -- Title weighs most, then tags, then the body's text (markup stripped).
    CREATE FUNCTION knowledge_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_vector :=
        setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
        setweight(to_tsvector('english', array_to_string(NEW.tags, ' ')), 'B') ||
        setweight(to_tsvector('english', regexp_replace(coalesce(NEW.content, ''), '<[^>]*>', ' ', 'g')), 'C');
      RETURN NEW;
    END $$;
    CREATE TRIGGER knowledge_search_vector_update
      BEFORE INSERT OR UPDATE OF title, tags, content ON knowledge
      FOR EACH ROW EXECUTE FUNCTION knowledge_search_vector();

    CREATE TABLE knowledge_stars (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (knowledge_id, user_id)
    );
    CREATE INDEX knowledge_stars_owner_idx ON knowledge_stars (account_id, user_id, position);
  `.execute(db);
}
