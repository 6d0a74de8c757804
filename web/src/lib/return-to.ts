const KEY = 'lore-return-to';
const LIFETIME_MS = 30 * 60_000;

/**
 * Remembers where a signed-out visitor was going (an invitation link, say), so
 * sign-in can take them there. Local storage, because the login link usually
 * opens in a new tab.
 */
export function rememberReturnTo(path: string) {
  if (path === '/' || !path.startsWith('/') || path.startsWith('//')) return;
  localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
}

/** The remembered path, if it is recent and on this site. */
export function readReturnTo(): string | null {
  const raw = localStorage.getItem(KEY);
  try {
    const { path, at } = JSON.parse(raw ?? 'null') ?? {};
    const fresh = typeof at === 'number' && Date.now() - at < LIFETIME_MS;
    return fresh && typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export function clearReturnTo() {
  localStorage.removeItem(KEY);
}
