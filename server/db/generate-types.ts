/**
 * `npm run db:types` (`tsx server/db/generate-types.ts`): writes `server/db/schema.ts`, the
 * database's types for Kysely, from what the migrations make (decision 41). An empty embedded database is migrated, and
 * kysely-codegen reads its tables, columns and their comments (COMMENT ON in the
 * migrations). Columns whose text the code narrows (a role, a state) are typed by
 * `server/db/types.ts`. `server/db/schema.test.ts` fails when the committed file
 * is not what this writes.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { generate, PostgresDialect } from 'kysely-codegen';
import prettier from 'prettier';
import { openDatabase } from './client';
import { migrateToLatest } from './migrate';

export const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));

/** Columns the code reads as narrower types than their SQL type (types.ts). */
const NARROWED: Record<string, string> = {
  'account_members.role': 'Role',
  'pending_invites.role': 'InvitedRole',
  'sessions.second_factor': 'Generated<SecondFactorState>',
  'two_factor_factors.status': "Generated<'unverified' | 'verified'>",
  'login_sessions.end_reason': 'LoginSessionEndReason | null',
  'knowledge_pdfs.read_state': 'Generated<PdfReadState>',
  'jobs.state': "Generated<'pending' | 'running' | 'failed'>",
  'jobs.payload': 'ColumnType<unknown, unknown, unknown>',
  'change_events.id': 'ColumnType<string, never, never>',
  'change_events.table_name': 'ChangeEventTable',
  'change_events.op': 'ChangeOp',
  'change_events.collection_id': 'ColumnType<string | null, never, never>',
  'change_events.user_id': 'ColumnType<string | null, never, never>',
  'profiles.comment_email': 'Generated<CommentEmail>',
  'notifications.kind': 'NotificationKind',
  'notifications.mail': "Generated<'none' | 'pending' | 'sent'>",
  'knowledge_document_updates.id': 'ColumnType<string, never, never>',
  'api_tokens.access': "'read' | 'write'",
  // NOT NULL without a default: a trigger fills them in when an insert leaves them out (0035).
  'knowledge.collection_id': 'Generated<string>',
  'knowledge.position': 'Generated<number>',
  'search_vectors.embedding': 'Embedding',
};
const NARROWING_TYPES = [
  'ChangeOp',
  'CommentEmail',
  'ChangeEventTable',
  'Embedding',
  'InvitedRole',
  'LoginSessionEndReason',
  'NotificationKind',
  'PdfReadState',
  'Role',
  'SecondFactorState',
];

/** The types the migrations make, as `server/db/schema.ts` holds them. */
export async function generateSchemaTypes(): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    const generated = await generate({
      db: database.db,
      dialect: new PostgresDialect(),
      outFile: null,
      overrides: { columns: NARROWED },
      // The driver reads bytea as a Buffer, a Uint8Array; Yjs hands over plain Uint8Arrays.
      typeMapping: { bytea: 'Uint8Array' },
      customImports: Object.fromEntries(NARROWING_TYPES.map((name) => [name, './types'])),
      // kysely's own migration bookkeeping is not Lore's to query.
      excludePattern: 'kysely_*',
    });
    const tableComments = await sql<{ table_name: string; comment: string }>`
      SELECT c.relname AS table_name, obj_description(c.oid, 'pg_class') AS comment
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND obj_description(c.oid, 'pg_class') IS NOT NULL`.execute(
      database.db,
    );
    return await prettier.format(withTableComments(generated, tableComments.rows), {
      ...(await prettier.resolveConfig(SCHEMA_FILE)),
      filepath: SCHEMA_FILE,
    });
  } finally {
    await database.close();
  }
}

/** kysely-codegen writes column comments only: each table's goes above its interface. */
function withTableComments(source: string, comments: Array<{ table_name: string; comment: string }>): string {
  const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
  let result = source;
  for (const { table_name, comment } of comments) {
    const lines = comment.match(/.{1,96}(\s|$)/g)!.map((line) => ` * ${line.trim()}`);
    const block = `/**\n${lines.join('\n')}\n */`;
    result = result.replace(
      `\nexport interface ${pascal(table_name)} {`,
      `\n${block}\nexport interface ${pascal(table_name)} {`,
    );
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SCHEMA_FILE, await generateSchemaTypes());
  console.log(`Wrote ${SCHEMA_FILE}`);
}
