import type { Logger } from 'pino';
import type { Auth, AuthSession, SessionUser } from './auth/auth';
import type { Writer } from './ai/writer';
import type { Database } from './db/client';
import type { Role } from './db/types';
import type { Env } from './env';
import type { Mailer } from './mail/mailer';
import type { Collaboration } from './collaboration/collaboration';
import type { Realtime } from './realtime/realtime';
import type { Embedder } from './search/embed';
import type { SearchIndexer } from './search/indexer';
import type { RequestsFirst } from './middleware/requests-first';
import type { FileStore } from './storage/file-store';
import type { TotpVault } from './auth/totp';
import type { AuthCache } from './auth/auth-cache';
import type { ApiTokenCaller } from './auth/api-tokens';
import type { WorkspaceReads } from './cache/workspace-reads';

/** Everything the app is built from; tests build it with their own parts. */
export interface AppDeps {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Writes AI answers, summaries and questions: extractively, or with the configured model. */
  writer: Writer;
  /** The embeddings model, when configured: passages are embedded by the job queue, and search also ranks by meaning. */
  embedder?: Embedder;
  /** Indexes saved items for search after their save (decision 45); a search waits for its workspace's. */
  searchIndexer: SearchIndexer;
  /** Counts the requests being answered; background work (an import) rests while there are some (decision 48). */
  requestsFirst: RequestsFirst;
  /** Uploaded files (article images). */
  files: FileStore;
  /** Authenticator-app codes and their encrypted secrets. */
  totp: TotpVault;
  /** Live changes for GET /api/events; closed before the HTTP server on shutdown. */
  realtime: Realtime;
  /** Live co-editing sockets and documents (decision 34); closed before the HTTP server on shutdown. */
  collaboration: Collaboration;
  /** Folder of the built web app; the SPA is served from it when present. */
  webRoot?: string;
  /** Sessions and memberships read in the last few seconds (decision 20). */
  authCache: AuthCache;
  /** A workspace's list pages, tags and counts, kept until it changes (decision 20). */
  workspaceReads: WorkspaceReads;
}

/** The caller's membership of the account named in the URL. */
export interface Membership {
  accountId: string;
  userId: string;
  role: Role;
}

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    session: AuthSession | null;
    /** The API token the request was made with (then `session` is null), decision 36. */
    apiToken: ApiTokenCaller | null;
    /** Set by the membership guard; read it with currentMembership(c). */
    membership: Membership | undefined;
  };
}
