import { describe, expect, it } from 'vitest';
import { readChangeEvent } from './live';

const change = {
  accountId: '3f2b8c4e-1d2a-4b6c-8e9f-0a1b2c3d4e5f',
  table: 'knowledge',
  rowId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  op: 'update',
};

describe("a live stream's change event, read by the page", () => {
  it('is read when it names an account, a table, a row and what happened', () => {
    expect(readChangeEvent(change)).toEqual(change);
    expect(readChangeEvent({ ...change, table: 'notifications', op: 'insert' })).toEqual({
      ...change,
      table: 'notifications',
      op: 'insert',
    });
  });

  it('is ignored when any part is missing or unknown', () => {
    for (const bad of [
      null,
      'knowledge',
      [],
      { ...change, accountId: 'not-an-id' },
      { ...change, rowId: undefined },
      { ...change, table: 'users' },
      { ...change, op: 'truncate' },
    ])
      expect(readChangeEvent(bad)).toBeNull();
  });

  it('keeps only what it knows', () => {
    expect(readChangeEvent({ ...change, content: '<p>secret</p>' })).toEqual(change);
  });
});
