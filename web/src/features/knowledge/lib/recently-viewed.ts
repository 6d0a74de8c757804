const KEY = 'recently-viewed';
/** At most this many ids are kept (spec section 9). */
export const RECENTLY_VIEWED_MAX = 10;

function readAll(): Record<string, string[]> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** Ids of the items last opened in an account, most recent first. */
export function readRecentlyViewed(accountId: string): string[] {
  const ids = readAll()[accountId];
  return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string').slice(0, RECENTLY_VIEWED_MAX) : [];
}

/** Puts an item first in the account's recently viewed list. */
export function rememberViewed(accountId: string, id: string) {
  const all = readAll();
  all[accountId] = [id, ...readRecentlyViewed(accountId).filter((existing) => existing !== id)].slice(
    0,
    RECENTLY_VIEWED_MAX,
  );
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** Drops an item (after it was deleted). */
export function forgetViewed(accountId: string, id: string) {
  const all = readAll();
  all[accountId] = readRecentlyViewed(accountId).filter((existing) => existing !== id);
  localStorage.setItem(KEY, JSON.stringify(all));
}
