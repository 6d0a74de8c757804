import { sql, type Kysely } from 'kysely';

/**
 * A job queue kept in the database, so work asked for survives a restart and is
 * shared by every Lore process on one PostgreSQL. A job is claimed atomically
 * (FOR UPDATE SKIP LOCKED) under a lease; a finished job is deleted; one that
 * failed too often stays as 'failed' with its last error. At most one live
 * (pending or running) job per kind and key: asking again only marks a running
 * job to run once more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      key text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      run_after timestamptz NOT NULL DEFAULT now(),
      locked_by uuid,
      locked_until timestamptz,
      rerun boolean NOT NULL DEFAULT false,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX jobs_live_key_idx ON jobs (kind, key) WHERE state IN ('pending', 'running');
    CREATE INDEX jobs_due_idx ON jobs (run_after) WHERE state = 'pending';
    CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE state = 'running';

    -- Items written before the queue existed get their summary and question too.
    INSERT INTO jobs (kind, key) SELECT 'describe_item', id::text FROM knowledge;
  `.execute(db);
}
