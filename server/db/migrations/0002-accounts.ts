import { sql, type Kysely } from 'kysely';

/** Profiles, workspaces ("accounts") and their members, with exactly one owner per account. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE profiles (
      id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      full_name text,
      avatar_url text,
      mfa_enabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX accounts_created_at_idx ON accounts (created_at DESC);

    CREATE TABLE account_members (
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, user_id)
    );
    CREATE INDEX account_members_user_id_idx ON account_members (user_id);

    -- At most one owner: a second owner row cannot exist, even between statements.
    CREATE UNIQUE INDEX account_members_one_owner_idx ON account_members (account_id) WHERE role = 'owner';

    -- At least one owner: checked when the transaction commits, so an ownership
    -- transfer may demote and promote in either order.
    CREATE FUNCTION check_account_has_owner(checked_account uuid) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM accounts WHERE id = checked_account)
         AND NOT EXISTS (SELECT 1 FROM account_members
                         WHERE account_id = checked_account AND role = 'owner') THEN
        RAISE EXCEPTION 'account % must have exactly one owner', checked_account
          USING ERRCODE = 'check_violation';
      END IF;
    END $$;

    CREATE FUNCTION new_account_has_owner() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM check_account_has_owner(NEW.id);
      RETURN NULL;
    END $$;

    CREATE FUNCTION account_keeps_owner() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM check_account_has_owner(OLD.account_id);
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER accounts_have_owner
      AFTER INSERT ON accounts DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION new_account_has_owner();
    CREATE CONSTRAINT TRIGGER account_members_keep_owner
      AFTER UPDATE OR DELETE ON account_members DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION account_keeps_owner();
  `.execute(db);
}
