import { sql, type Kysely } from 'kysely';

/**
 * Issue 30, decision 28.
 *
 * Resumable imports: each imported item keeps the identity of what it was
 * imported from (a hash of the file's path and bytes, or of a Lore export's
 * item), unique in its workspace, so running an interrupted import again skips
 * what already came in instead of adding it twice.
 *
 * PDFs read in the background: an attached PDF's text is read by a `read_pdf`
 * job, not while its upload or link waits. `read_state` says where that stands
 * ('reading' until the job has run; 'unreadable' when pdf.js could not read it);
 * rows from before, and imports (which read the PDF themselves), are 'ready'.
 * A PDF starting to be read, and its read ending, count as a change of its item
 * for the live refresh, so pages show "reading" and then the result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE knowledge ADD COLUMN import_key text;
    CREATE UNIQUE INDEX knowledge_import_key_idx ON knowledge (account_id, import_key) WHERE import_key IS NOT NULL;

    ALTER TABLE knowledge_pdfs ADD COLUMN read_state text NOT NULL DEFAULT 'ready'
      CHECK (read_state IN ('reading', 'ready', 'unreadable'));

    CREATE FUNCTION record_pdf_read_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- As record_change() (0018): commit-ordered ids, announced at commit.
      PERFORM pg_advisory_xact_lock(hashtext('lore.change_events'));
      INSERT INTO change_events (account_id, table_name, row_id, op)
        VALUES (NEW.account_id, 'knowledge', NEW.knowledge_id, 'update');
      PERFORM pg_notify('lore_changes', '');
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER knowledge_pdfs_reading
      AFTER INSERT ON knowledge_pdfs DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.read_state = 'reading')
      EXECUTE FUNCTION record_pdf_read_change();
    CREATE CONSTRAINT TRIGGER knowledge_pdfs_read
      AFTER UPDATE ON knowledge_pdfs DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (OLD.read_state IS DISTINCT FROM NEW.read_state)
      EXECUTE FUNCTION record_pdf_read_change();
  `.execute(db);
}
