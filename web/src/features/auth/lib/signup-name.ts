const KEY = 'lore-signup-name';
const LIFETIME_MS = 60 * 60_000;

/**
 * The name typed at sign-up waits in this browser until the e-mailed link is
 * redeemed here: Lore takes a name only from whoever redeems the link, never
 * from whoever asked for it. Local storage, because the link usually opens in a new tab.
 */
export function rememberSignupName(name: string) {
  localStorage.setItem(KEY, JSON.stringify({ name, at: Date.now() }));
}

/** The remembered name, if it is recent. */
export function readSignupName(): string | undefined {
  try {
    const { name, at } = JSON.parse(localStorage.getItem(KEY) ?? 'null') ?? {};
    return typeof name === 'string' && typeof at === 'number' && Date.now() - at < LIFETIME_MS ? name : undefined;
  } catch {
    return undefined;
  }
}

export function clearSignupName() {
  localStorage.removeItem(KEY);
}
