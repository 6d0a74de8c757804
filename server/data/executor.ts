import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** Data functions run on the database or inside a caller's transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;
