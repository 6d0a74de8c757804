// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { listPathFor, rememberListPath } from './list-path';

const account = 'acc-1';
const plain = paths.account(account).knowledge();

beforeEach(() => sessionStorage.clear());

describe('listPathFor', () => {
  it("is the account's plain list when nothing was remembered", () => {
    expect(listPathFor(account)).toBe('/account/acc-1/knowledge');
  });

  it('returns to the remembered list with its filters', () => {
    const filtered = paths.account(account).knowledge({ search: 'deploy steps', tags: ['runbook', 'ops'] });
    rememberListPath(filtered);
    expect(listPathFor(account)).toBe(filtered);
  });

  it('keeps only the latest list', () => {
    rememberListPath(`${plain}?tag=old`);
    rememberListPath(`${plain}?tag=new`);
    expect(listPathFor(account)).toBe(`${plain}?tag=new`);
    rememberListPath(plain);
    expect(listPathFor(account)).toBe(plain);
  });

  it("ignores another account's list, even one whose id starts the same", () => {
    rememberListPath(paths.account('acc-2').knowledge({ tags: ['x'] }));
    expect(listPathFor(account)).toBe(plain);
    rememberListPath(paths.account('acc-10').knowledge({ tags: ['x'] }));
    expect(listPathFor(account)).toBe(plain);
  });

  it('ignores remembered paths that are not this list', () => {
    for (const other of [
      paths.account(account).article('Ab3_x-9Z'),
      `${plain}base`,
      paths.account(account).dashboard(),
      'https://evil.example/account/acc-1/knowledge',
    ]) {
      rememberListPath(other);
      expect(listPathFor(account)).toBe(plain);
    }
  });
});
