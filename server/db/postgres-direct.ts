/**
 * What talks to PostgreSQL below Kysely, for the tools that make databases and
 * fill them in bulk (tests, benchmarks, the move from PGlite).
 */
import pg from 'pg';

/** Runs `statement` on a connection of its own, closed after: CREATE and DROP DATABASE cannot run in a transaction. */
export async function runOnOwnConnection(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  // A connection lost midway fails the statement; unheard, its 'error' event would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `COPY table (columns) FROM STDIN` through pg's protocol hooks (what pg-copy-streams does), with the data in one piece. */
export function copyFrom(client: pg.Client | pg.PoolClient, table: string, columns: string, data: Uint8Array) {
  return new Promise<void>((resolve, reject) => {
    const copy: pg.Submittable & Record<string, unknown> = {
      submit: (connection) => connection.query(`COPY "${table}" (${columns}) FROM STDIN`),
      handleCopyInResponse: (connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }) => {
        connection.sendCopyFromChunk(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
        connection.endCopyFrom();
      },
      handleCommandComplete: () => {},
      handleError: (error: Error) => reject(error),
      handleReadyForQuery: () => resolve(),
    };
    client.query(copy);
  });
}
