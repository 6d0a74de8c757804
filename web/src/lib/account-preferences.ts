const KEY = 'account-preferences';

export interface AccountPreferences {
  currentAccountId: string;
  currentAccountName: string;
}

/** The account the user last worked in, kept in local storage. */
export function readAccountPreferences(): AccountPreferences | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return value && typeof value.currentAccountId === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function saveAccountPreferences(account: { id: string; name: string }) {
  localStorage.setItem(KEY, JSON.stringify({ currentAccountId: account.id, currentAccountName: account.name }));
}

export function clearAccountPreferences() {
  localStorage.removeItem(KEY);
}
