import type { ColumnType, Selectable } from 'kysely';
import type { CommentEmail, NotificationKind } from '../../common/discussion';
import type { ChangeOp, ChangeTable } from '../../common/live';
import type { Role } from '../../common/roles';
import type { Accounts, PendingInvites, Profiles } from './schema';

/**
 * The types `server/db/schema.ts` (generated, decision 41) reads some text columns as,
 * narrower than their SQL type (their CHECK constraints say the same), and the rows the
 * code passes around by name.
 */

/** Roles are defined once, in common/roles.ts. */
export type { ChangeOp, CommentEmail, NotificationKind, Role };
/** An invitation never makes an owner. */
export type InvitedRole = Exclude<Role, 'owner'>;
/** Where a session stands with two-factor sign-in (migration 0015, decision 4). */
export type SecondFactorState = 'none' | 'pending' | 'verified';
/** Why a login session ended: signed out here, or ended from another device (0016). */
export type LoginSessionEndReason = 'signed_out' | 'force_logout';
/** Whether a PDF's text has been read yet (0031). */
export type PdfReadState = 'reading' | 'ready' | 'unreadable';
/** What a change event is about: a table the live refresh follows, or a session's end (0030). */
export type ChangeEventTable = ChangeTable | 'sessions';
/** pgvector's halfvec where the database has it (read as text, '[0.1,...]'), else real[] (0032); either takes a real[]. */
export type Embedding = ColumnType<string | number[], number[], number[]>;

export type Account = Selectable<Accounts>;
export type Profile = Selectable<Profiles>;
export type PendingInvite = Selectable<PendingInvites>;
