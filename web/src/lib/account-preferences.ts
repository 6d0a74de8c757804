const KEY = 'account-preferences';

/** What is kept under 'account-preferences' (spec section 3). */
export interface AccountPreferences {
  currentAccountId: string;
  currentAccountName: string;
}

/** Remembers the account the user last worked in, in local storage. */
export function saveAccountPreferences(account: { id: string; name: string }) {
  const preferences: AccountPreferences = { currentAccountId: account.id, currentAccountName: account.name };
  localStorage.setItem(KEY, JSON.stringify(preferences));
}

export function clearAccountPreferences() {
  localStorage.removeItem(KEY);
}

/** The account last worked in, when this browser remembers one. */
export function readAccountPreferences(): AccountPreferences | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<AccountPreferences> | null;
    return stored?.currentAccountId
      ? { currentAccountId: stored.currentAccountId, currentAccountName: stored.currentAccountName ?? '' }
      : null;
  } catch {
    return null;
  }
}
