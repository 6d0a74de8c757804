import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ChangeOp, ChangeTable } from '../../common/live';
import type { CommentEmail, NotificationKind } from '../../common/discussion';
import type { Role } from '../../common/roles';

/** Roles are defined once, in common/roles.ts. */
export type { Role };

/** A timestamp the database fills in; reads as Date, writes accept Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** better-auth's user; people are identified by id everywhere else. */
export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's sign-in sessions (the cookie points at `token`). */
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Where the session stands with two-factor sign-in (migration 0015, decision 4). */
  second_factor: ColumnType<SecondFactorState, SecondFactorState | undefined, SecondFactorState>;
  /** How this session was signed in: 'magic-link', 'google', 'apple' (0016); null when not known. */
  sign_in_method: string | null;
}

export type SecondFactorState = 'none' | 'pending' | 'verified';

/** An authenticator app of a user: its TOTP secret, encrypted, and the last time step accepted. */
export interface TwoFactorFactorsTable {
  id: Generated<string>;
  user_id: string;
  friendly_name: string;
  secret_encrypted: string;
  status: ColumnType<'unverified' | 'verified', 'unverified' | 'verified' | undefined, 'unverified' | 'verified'>;
  last_used_step: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One-time recovery codes, hashed. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
}

/** Why a login session ended: signed out here, or ended from another device (0016). */
export type LoginSessionEndReason = 'signed_out' | 'force_logout';

/** A browser's login session: the id it keeps in local storage, tied to its auth session (0016). */
export interface LoginSessionsTable {
  id: string;
  user_id: string;
  auth_session_id: string | null;
  created_at: Timestamp;
  last_active_at: Timestamp;
  ended_at: Date | null;
  end_reason: LoginSessionEndReason | null;
}

/** better-auth's linked sign-in identities (Google, Apple...). */
export interface IdentitiesTable {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's one-time values such as login-link tokens (stored hashed). */
export interface VerificationsTable {
  id: Generated<string>;
  identifier: string;
  value: string;
  expires_at: Date;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
  mfa_enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the person chose not to give a name on being asked after their first sign-in (0019). */
  name_prompt_skipped_at: Date | null;
  /** How notifications other than mentions are e-mailed (0037): each at once, a daily digest, or none. */
  comment_email: ColumnType<CommentEmail, CommentEmail | undefined, CommentEmail>;
  /** Whether mentions are e-mailed at once (0037); an unsubscribe link turns it off. */
  mention_email: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the last daily digest of notifications went (0037). */
  digest_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A workspace. */
export interface AccountsTable {
  id: Generated<string>;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  /** The creator's Idempotency-Key, so a retried create finds this account (0014). */
  idempotency_key: string | null;
}

export interface AccountMembersTable {
  account_id: string;
  user_id: string;
  role: Role;
  created_at: Timestamp;
}

/** An invitation to join an account; the token itself is only ever in the e-mail. */
export interface PendingInvitesTable {
  id: Generated<string>;
  email: string;
  account_id: string;
  role: Exclude<Role, 'owner'>;
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Date;
  cancelled_invite: Generated<boolean>;
  accepted_at: Date | null;
  accepted_by: string | null;
}

/** When a login link was last sent to an address, for the per-address rate limit. */
export interface LoginLinkRequestsTable {
  email: string;
  requested_at: Date;
}

/** A login link Lore mailed, by its token's hash (0019, decision 22): why a link no longer works, and for whom. */
export interface LoginLinksTable {
  token_hash: string;
  email: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

/** A knowledge item: a rich-text article of an account, with its list card's plain-text preview. */
export interface KnowledgeTable {
  id: Generated<string>;
  short_id: string;
  account_id: string;
  user_id: string | null;
  title: string;
  content: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  ai_summary: string | null;
  ai_question: string | null;
  /** The body as plain text, cut for a list card; written with the content (knowledgePreview). */
  preview: ColumnType<string, string | undefined, string>;
  /** The analyzer version the item's passages were indexed with (0: not yet). */
  search_version: ColumnType<number, number | undefined, number>;
  /** The Idempotency-Key its create was sent with, if any: a retried create finds this item. */
  idempotency_key: string | null;
  /** What it was imported from (0031): an import run again skips it. */
  import_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Counts the saves that changed title, content or tags (0033): an edit names the one it was based on. */
  version: ColumnType<number, number | undefined, number>;
  /** Who made the current version (0033); null when unknown (edited before 0033) or the user is deleted. */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The version the current one was restored from (0033); null when an edit made it. */
  restored_from: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its collection (0035); set by a trigger to the workspace's first when stored without one. */
  collection_id: ColumnType<string, string | undefined, string>;
  /** The item it is nested under, in the same collection (0035); null at the top of its collection. */
  parent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its place among its siblings (0035); set by a trigger to after them when stored without one. */
  position: ColumnType<number, number | undefined, number>;
}

/** A group of a workspace's items (0035, decision 35), open to every member or restricted to chosen ones. */
export interface CollectionsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  description: string | null;
  color: string | null;
  position: number;
  restricted: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** A member chosen for a restricted collection (0035); leaves with their membership of the workspace. */
export interface CollectionMembersTable {
  collection_id: string;
  account_id: string;
  user_id: string;
}

/** An earlier version of an item, kept whole when a save or restore replaced it (0033, decision 31). */
export interface KnowledgeRevisionsTable {
  id: Generated<string>;
  knowledge_id: string;
  account_id: string;
  version: number;
  title: string;
  content: string;
  tags: string[];
  /** Who made this version; null when unknown or deleted. */
  saved_by: string | null;
  /** When this version was made (the item's updated_at then). */
  saved_at: Date;
  /** A name someone gave it ("Save version"), or null. */
  name: string | null;
  /** The version a restore brought back to make this one; null when an edit made it. */
  restored_from: number | null;
}

/** A PDF attached to an item: its file and thumbnail in the knowledge-pdfs bucket, and the text the server extracted. */
export interface KnowledgePdfsTable {
  id: Generated<string>;
  knowledge_id: string;
  account_id: string;
  pdf_path: string;
  filename: string;
  thumbnail_path: string;
  text: ColumnType<string, string | undefined, string>;
  /** Its text: being read by a `read_pdf` job, read, or not readable (0031, decision 28). */
  read_state: ColumnType<PdfReadState, PdfReadState | undefined, PdfReadState>;
  created_at: Timestamp;
}

export type PdfReadState = 'reading' | 'ready' | 'unreadable';

/** A part of an item (the text under one heading), the unit the ranked retrieval scores. */
export interface SearchPassagesTable {
  id: Generated<string>;
  knowledge_id: string;
  account_id: string;
  position: number;
  heading: string;
  /** Weighted number of terms, for BM25's length normalisation. */
  length: number;
  /** SEARCH_KIND: a passage of its body (outline rows are gone, decision 29). */
  kind: Generated<number>;
}

/** An item's search index: its terms at their positions (a tsvector) and the layout of its parts (decision 29). */
export interface SearchItemsTable {
  knowledge_id: string;
  /** A long item's terms are kept in chunks of positions (server/search/item-terms.ts); most items have chunk 0 only. */
  chunk: number;
  account_id: string;
  /** The tsvector, as its text. */
  vector: string;
  /** [title end, tags end, then per passage heading start, heading end, body start, body end] (server/search/item-terms.ts). */
  layout: number[];
}

/** Per account, BM25's unit counts and total weighted lengths; kept with search_items. */
export interface SearchTotalsTable {
  account_id: string;
  items: string;
  passages: string;
  passage_length: number;
  outline_length: number;
}

/** Per account and term, in how many items, passages and outlines it is: BM25's document frequencies. */
export interface SearchTermCountsTable {
  account_id: string;
  term: string;
  items: number;
  passages: number;
  outlines: number;
}

/** Values every Lore process on the database shares, by name (the generated session secret). */
export interface SettingsTable {
  name: string;
  value: string;
}

/** better-auth's request counters, shared by every process: per key, requests in the window since last_request (ms). */
/** Wrong two-factor codes of a user in a row, and until when they must wait (0025). */
export interface TwoFactorAttemptsTable {
  user_id: string;
  failures: Generated<number>;
  locked_until: Date | null;
}

export interface AuthRateLimitsTable {
  id: Generated<string>;
  key: string;
  count: number;
  last_request: number;
}

/** A body passage's embedding (a unit vector), by the model named; written by the embed_item job. */
export interface SearchVectorsTable {
  passage_id: string;
  account_id: string;
  /** The embeddings model that made it: vectors of another model are not compared, and are replaced. */
  model: string;
  /**
   * pgvector's halfvec where the database has it (read as text, '[0.1,...]'), else real[]
   * (migration 0032). Either takes a real[] on insert; read it as `embedding::real[]`.
   */
  embedding: ColumnType<string | number[], number[], number[]>;
}

/** A job of the queue (server/jobs): pending, running under a lease, or failed for good. */
export interface JobsTable {
  id: Generated<string>;
  /** Which handler runs it, e.g. 'describe_item'. */
  kind: string;
  /** What it is about (e.g. the item's id); one live job per kind and key. */
  key: string;
  payload: ColumnType<unknown, unknown, unknown>;
  state: Generated<'pending' | 'running' | 'failed'>;
  /** Runs started, counting the current one. */
  attempts: Generated<number>;
  run_after: Timestamp;
  /** The claim's token while running; a late finish of an expired claim changes nothing. */
  locked_by: string | null;
  locked_until: Date | null;
  /** Asked for again while running: run once more when this run ends. */
  rerun: Generated<boolean>;
  last_error: string | null;
  created_at: Timestamp;
}

/** One user's star on an item, with their own ordering. */
export interface KnowledgeStarsTable {
  id: Generated<string>;
  knowledge_id: string;
  account_id: string;
  user_id: string;
  position: number;
  created_at: Timestamp;
}

/**
 * A committed change to knowledge, account_members or pending_invites (0018, decision 19), or a
 * session's end (table 'sessions', no account; 0030, decision 28); ids follow commit order.
 */
export interface ChangeEventsTable {
  /** A bigserial: read as a string by the driver. */
  id: ColumnType<string, never, never>;
  /** Null only for a session's end. */
  account_id: string | null;
  table_name: ChangeTable | 'sessions';
  /** The item's or invitation's id; for account_members, the member's user id; for sessions, the session's id. */
  row_id: string;
  op: ChangeOp;
  created_at: Timestamp;
  /** For knowledge and collections (0035): the collection the change is in, so streams show it only to who may see it. */
  collection_id: ColumnType<string | null, never, never>;
  /** For notifications (0037): the one person whose streams hear of it. */
  user_id: ColumnType<string | null, never, never>;
}

/** A comment thread on an item (0037, decision 38): on the whole item, or on a passage (`quote`). */
export interface CommentThreadsTable {
  id: Generated<string>;
  account_id: string;
  knowledge_id: string;
  /** The passage as it was selected; null for a thread on the whole item. */
  quote: string | null;
  created_by: string | null;
  created_at: Timestamp;
  resolved_at: Date | null;
  resolved_by: string | null;
}

/** One comment of a thread; its body is sanitized comment HTML (server/content/comment-html.ts). */
export interface CommentsTable {
  id: Generated<string>;
  thread_id: string;
  account_id: string;
  knowledge_id: string;
  user_id: string | null;
  body: string;
  created_at: Timestamp;
  edited_at: Date | null;
}

/** Who watches an item, or chose to stop (`watching` false), 0037. */
export interface ItemWatchesTable {
  knowledge_id: string;
  account_id: string;
  user_id: string;
  watching: boolean;
}

/** One person's notification (0037). */
export interface NotificationsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string;
  kind: NotificationKind;
  knowledge_id: string;
  thread_id: string | null;
  comment_id: string | null;
  actor_id: string | null;
  created_at: Timestamp;
  read_at: Date | null;
  mail: ColumnType<'none' | 'pending' | 'sent', 'none' | 'pending' | 'sent' | undefined, 'none' | 'pending' | 'sent'>;
}

/** An item's live document, compacted (0034, decision 34). */
export interface KnowledgeDocumentsTable {
  knowledge_id: string;
  /** The Yjs state (Y.encodeStateAsUpdate) including every update up to `compacted_through`. */
  state: Uint8Array;
  compacted_through: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  /** The item's version the document last wrote or took in; another is an edit from outside to apply. */
  derived_version: number | null;
  /** The item's version the document last wrote itself (an autosave). */
  written_version: number | null;
  updated_at: Timestamp;
}

/** A Yjs update of an item's document, stored before it is acknowledged; folded into the state by compaction (0034). */
export interface KnowledgeDocumentUpdatesTable {
  id: ColumnType<string, never, never>;
  knowledge_id: string;
  update: Uint8Array;
  created_at: Timestamp;
}

/** A person's API token for one workspace (decision 36); only its hash is kept. */
export interface ApiTokensTable {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  name: string;
  access: 'read' | 'write';
  token_hash: string;
  /** The token's first characters, to recognise it by in the list. */
  token_start: string;
  created_at: Timestamp;
  expires_at: Date | null;
  last_used_at: Date | null;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  identities: IdentitiesTable;
  two_factor_factors: TwoFactorFactorsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  verifications: VerificationsTable;
  profiles: ProfilesTable;
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  pending_invites: PendingInvitesTable;
  login_link_requests: LoginLinkRequestsTable;
  login_links: LoginLinksTable;
  knowledge: KnowledgeTable;
  collections: CollectionsTable;
  collection_members: CollectionMembersTable;
  knowledge_stars: KnowledgeStarsTable;
  comment_threads: CommentThreadsTable;
  comments: CommentsTable;
  item_watches: ItemWatchesTable;
  notifications: NotificationsTable;
  knowledge_pdfs: KnowledgePdfsTable;
  knowledge_revisions: KnowledgeRevisionsTable;
  knowledge_documents: KnowledgeDocumentsTable;
  knowledge_document_updates: KnowledgeDocumentUpdatesTable;
  search_passages: SearchPassagesTable;
  search_items: SearchItemsTable;
  search_totals: SearchTotalsTable;
  search_term_counts: SearchTermCountsTable;
  settings: SettingsTable;
  auth_rate_limits: AuthRateLimitsTable;
  two_factor_attempts: TwoFactorAttemptsTable;
  search_vectors: SearchVectorsTable;
  jobs: JobsTable;
  login_sessions: LoginSessionsTable;
  change_events: ChangeEventsTable;
  api_tokens: ApiTokensTable;
}

export type Account = Selectable<AccountsTable>;
export type Profile = Selectable<ProfilesTable>;
export type PendingInvite = Selectable<PendingInvitesTable>;
