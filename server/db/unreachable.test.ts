import { describe, expect, it } from 'vitest';
import { DatabaseError } from 'pg';
import { isDatabaseUnreachable } from './unreachable';

/** A PostgreSQL error with the given SQLSTATE, as node-postgres makes them. */
const pgError = (code: string) => Object.assign(new DatabaseError('failed', 0, 'error'), { code });
const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnreachable', () => {
  it('knows a connection refused, cut or timed out, however it is wrapped', () => {
    expect(isDatabaseUnreachable(systemError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnreachable(systemError('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Node tries each address of a name (IPv6 and IPv4) and fails with all of them.
    expect(isDatabaseUnreachable(new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')]))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(new Error('Failed to get session', { cause: systemError('EPIPE') }))).toBe(true);
  });

  it('knows PostgreSQL saying it cannot serve: a connection failure, a shutdown, a start, no slots', () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300'])
      expect(isDatabaseUnreachable(pgError(code)), code).toBe(true);
  });

  it('leaves the failures of a query alone', () => {
    for (const code of ['23505', '42P01', '57014', '40001', '53100'])
      expect(isDatabaseUnreachable(pgError(code)), code).toBe(false);
    expect(isDatabaseUnreachable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnreachable(systemError('ENOENT'))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });
});
