import { ASKED_QUESTION_KEY_PREFIX } from './asked-question';

/**
 * Every key under which Lore keeps someone's data in this browser: spec
 * section 3's keys, the login session id (suffixed with the user id), and
 * Lore's own (return path, saved AI searches and whether one was asked,
 * recently viewed, sign-up name).
 */
const EXACT_KEYS = [
  'auth-storage',
  'account-preferences',
  'user-profiles',
  'user-account-roles',
  'app_session_id',
  'lore-return-to',
  'lore-signup-name',
  'recently-viewed',
];
const KEY_PREFIXES = ['app_session_id_', 'ai-search:', ASKED_QUESTION_KEY_PREFIX];

/** Whether `key` holds a signed-in person's data (the theme is the browser's, not the person's). */
export function isPersonalKey(key: string): boolean {
  return EXACT_KEYS.includes(key) || KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}

const AUTH_KEYS = ['auth-storage', 'user-profiles', 'user-account-roles', 'account-preferences', 'app_session_id'];

/**
 * Wipes what belonged to a signed-in person when the session check finds none.
 * Keeps what a signed-out visitor set on the way to signing in (the return path, the sign-up name).
 */
export function wipeAuthData(storage: Storage = localStorage): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key) => key !== null);
  for (const key of keys) if (AUTH_KEYS.includes(key) || key.startsWith('app_session_id_')) storage.removeItem(key);
}

/** The IndexedDB databases that keep this browser's copies of items being co-edited: the prefix, then the item's id (decision 34). */
export const DOCUMENT_COPY_PREFIX = 'lore-knowledge-';

/** Deletes the copies of co-edited items (an edit made offline and never sent goes with them, as all of the person's data). */
function wipeDocumentCopies(): void {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  indexedDB
    .databases()
    .then((databases) => {
      for (const { name } of databases) if (name?.startsWith(DOCUMENT_COPY_PREFIX)) indexedDB.deleteDatabase(name);
    })
    .catch(() => {});
}

/** Wipes the signed-in person's data from this browser's storage, at sign-out or when the session is gone. */
export function wipeLocalData(storage: Storage = localStorage): void {
  wipeDocumentCopies();
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key) => key !== null);
  for (const key of keys) if (isPersonalKey(key)) storage.removeItem(key);
  try {
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (private modes); nothing is kept there then.
  }
}
