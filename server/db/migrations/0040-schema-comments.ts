import { sql, type Kysely } from 'kysely';

/**
 * Decision 41: what each table and column is for, kept in the database itself. The
 * database types (`server/db/schema.ts`) are generated from the migrated schema by
 * `npm run db:types`, these comments with them; a new table or column says what it is
 * for with COMMENT ON in its own migration.
 */
const COMMENTS: Array<[target: string, comment: string]> = [
  ['TABLE users', "better-auth's user; people are identified by id everywhere else."],
  ['TABLE sessions', "better-auth's sign-in sessions (the cookie points at `token`)."],
  ['COLUMN sessions.second_factor', 'Where the session stands with two-factor sign-in (migration 0015, decision 4).'],
  [
    'COLUMN sessions.sign_in_method',
    "How this session was signed in: 'magic-link', 'google', 'apple' (0016); null when not known.",
  ],
  [
    'TABLE two_factor_factors',
    'An authenticator app of a user: its TOTP secret, encrypted, and the last time step accepted.',
  ],
  ['TABLE two_factor_recovery_codes', 'One-time recovery codes, hashed.'],
  [
    'TABLE login_sessions',
    "A browser's login session: the id it keeps in local storage, tied to its auth session (0016).",
  ],
  ['TABLE identities', "better-auth's linked sign-in identities (Google, Apple...)."],
  ['TABLE verifications', "better-auth's one-time values such as login-link tokens (stored hashed)."],
  [
    'COLUMN profiles.name_prompt_skipped_at',
    'When the person chose not to give a name on being asked after their first sign-in (0019).',
  ],
  ['TABLE accounts', 'A workspace.'],
  ['COLUMN accounts.idempotency_key', "The creator's Idempotency-Key, so a retried create finds this account (0014)."],
  ['TABLE pending_invites', 'An invitation to join an account; the token itself is only ever in the e-mail.'],
  ['TABLE login_link_requests', 'When a login link was last sent to an address, for the per-address rate limit.'],
  [
    'TABLE login_links',
    "A login link Lore mailed, by its token's hash (0019, decision 22): why a link no longer works, and for whom.",
  ],
  ['TABLE knowledge', "A knowledge item: a rich-text article of an account, with its list card's plain-text preview."],
  [
    'COLUMN knowledge.preview',
    'The body as plain text, cut for a list card; written with the content (knowledgePreview).',
  ],
  ['COLUMN knowledge.search_version', "The analyzer version the item's passages were indexed with (0: not yet)."],
  [
    'COLUMN knowledge.idempotency_key',
    'The Idempotency-Key its create was sent with, if any: a retried create finds this item.',
  ],
  ['COLUMN knowledge.import_key', 'What it was imported from (0031): an import run again skips it.'],
  [
    'COLUMN knowledge.version',
    'Counts the saves that changed title, content or tags (0033): an edit names the one it was based on.',
  ],
  [
    'COLUMN knowledge.updated_by',
    'Who made the current version (0033); null when unknown (edited before 0033) or the user is deleted.',
  ],
  [
    'COLUMN knowledge.restored_from',
    'The version the current one was restored from (0033); null when an edit made it.',
  ],
  [
    'COLUMN knowledge.collection_id',
    "Its collection (0035); set by a trigger to the workspace's first when stored without one.",
  ],
  [
    'COLUMN knowledge.parent_id',
    'The item it is nested under, in the same collection (0035); null at the top of its collection.',
  ],
  [
    'COLUMN knowledge.position',
    'Its place among its siblings (0035); set by a trigger to after them when stored without one.',
  ],
  [
    'TABLE collections',
    "A group of a workspace's items (0035, decision 35), open to every member or restricted to chosen ones.",
  ],
  [
    'TABLE collection_members',
    'A member chosen for a restricted collection (0035); leaves with their membership of the workspace.',
  ],
  [
    'TABLE knowledge_revisions',
    'An earlier version of an item, kept whole when a save or restore replaced it (0033, decision 31).',
  ],
  ['COLUMN knowledge_revisions.saved_by', 'Who made this version; null when unknown or deleted.'],
  ['COLUMN knowledge_revisions.saved_at', "When this version was made (the item's updated_at then)."],
  ['COLUMN knowledge_revisions.name', 'A name someone gave it ("Save version"), or null.'],
  [
    'COLUMN knowledge_revisions.restored_from',
    'The version a restore brought back to make this one; null when an edit made it.',
  ],
  [
    'TABLE knowledge_pdfs',
    'A PDF attached to an item: its file and thumbnail in the knowledge-pdfs bucket, and the text the server extracted.',
  ],
  [
    'COLUMN knowledge_pdfs.read_state',
    'Its text: being read by a `read_pdf` job, read, or not readable (0031, decision 28).',
  ],
  ['TABLE search_passages', 'A part of an item (the text under one heading), the unit the ranked retrieval scores.'],
  ['COLUMN search_passages.length', "Weighted number of terms, for BM25's length normalisation."],
  ['COLUMN search_passages.kind', 'SEARCH_KIND: a passage of its body (outline rows are gone, decision 29).'],
  [
    'TABLE search_items',
    "An item's search index: its terms at their positions (a tsvector) and the layout of its parts (decision 29).",
  ],
  [
    'COLUMN search_items.chunk',
    "A long item's terms are kept in chunks of positions (server/search/item-terms.ts); most items have chunk 0 only.",
  ],
  ['COLUMN search_items.vector', 'The tsvector, as its text.'],
  [
    'COLUMN search_items.layout',
    '[title end, tags end, then per passage heading start, heading end, body start, body end] (server/search/item-terms.ts).',
  ],
  ['TABLE search_totals', "Per account, BM25's unit counts and total weighted lengths; kept with search_items."],
  [
    'TABLE search_term_counts',
    "Per account and term, in how many items, passages and outlines it is: BM25's document frequencies.",
  ],
  ['TABLE settings', 'Values every Lore process on the database shares, by name (the generated session secret).'],
  ['TABLE two_factor_attempts', 'Wrong two-factor codes of a user in a row, and until when they must wait (0025).'],
  [
    'TABLE search_vectors',
    "A body passage's embedding (a unit vector), by the model named; written by the embed_item job.",
  ],
  [
    'COLUMN search_vectors.model',
    'The embeddings model that made it: vectors of another model are not compared, and are replaced.',
  ],
  [
    'COLUMN search_vectors.embedding',
    "pgvector's halfvec where the database has it (read as text, '[0.1,...]'), else real[] (migration 0032). Either takes a real[] on insert; read it as `embedding::real[]`.",
  ],
  ['TABLE jobs', 'A job of the queue (server/jobs): pending, running under a lease, or failed for good.'],
  ['COLUMN jobs.kind', "Which handler runs it, e.g. 'describe_item'."],
  ['COLUMN jobs.key', "What it is about (e.g. the item's id); one live job per kind and key."],
  ['COLUMN jobs.attempts', 'Runs started, counting the current one.'],
  ['COLUMN jobs.locked_by', "The claim's token while running; a late finish of an expired claim changes nothing."],
  ['COLUMN jobs.rerun', 'Asked for again while running: run once more when this run ends.'],
  ['TABLE knowledge_stars', "One user's star on an item, with their own ordering."],
  [
    'TABLE change_events',
    "A committed change to knowledge, account_members or pending_invites (0018, decision 19), or a session's end (table 'sessions', no account; 0030, decision 28); ids follow commit order.",
  ],
  ['COLUMN change_events.id', 'A bigserial: read as a string by the driver.'],
  ['COLUMN change_events.account_id', "Null only for a session's end."],
  [
    'COLUMN change_events.row_id',
    "The item's or invitation's id; for account_members, the member's user id; for sessions, the session's id.",
  ],
  [
    'COLUMN change_events.collection_id',
    'For knowledge and collections (0035): the collection the change is in, so streams show it only to who may see it.',
  ],
  ['TABLE knowledge_documents', "An item's live document, compacted (0034, decision 34)."],
  [
    'COLUMN knowledge_documents.state',
    'The Yjs state (Y.encodeStateAsUpdate) including every update up to `compacted_through`.',
  ],
  [
    'COLUMN knowledge_documents.derived_version',
    "The item's version the document last wrote or took in; another is an edit from outside to apply.",
  ],
  ['COLUMN knowledge_documents.written_version', "The item's version the document last wrote itself (an autosave)."],
  [
    'TABLE knowledge_document_updates',
    "A Yjs update of an item's document, stored before it is acknowledged; folded into the state by compaction (0034).",
  ],
  ['TABLE api_tokens', "A person's API token for one workspace (decision 36); only its hash is kept."],
  ['COLUMN api_tokens.token_start', "The token's first characters, to recognise it by in the list."],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [target, comment] of COMMENTS) await sql`COMMENT ON ${sql.raw(target)} IS ${sql.lit(comment)}`.execute(db);
}
