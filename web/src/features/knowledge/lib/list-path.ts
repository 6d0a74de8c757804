import { paths } from '@/lib/paths';

const KEY = 'knowledge-list-path';

/** Remembers the list with its filters, so an article's Back button returns to it. */
export function rememberListPath(path: string) {
  sessionStorage.setItem(KEY, path);
}

/** The remembered list path for this account, or its plain list. */
export function listPathFor(accountId: string): string {
  const remembered = sessionStorage.getItem(KEY);
  const plain = paths.account(accountId).knowledge();
  return remembered && (remembered === plain || remembered.startsWith(`${plain}?`)) ? remembered : plain;
}
