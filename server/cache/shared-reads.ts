import type { MiddlewareHandler } from 'hono';

/** Something that keeps reads and can be told to forget them all. */
export interface Forgetful {
  clear(): void;
}

/**
 * Reads kept for `ttlMs` at most, as promises: requests that arrive while a read
 * is under way (a list page asks for its items, tags and count at once) share it.
 * Emptied by `clear()`; a read that was under way then is not kept (it may predate
 * the change that emptied it). Expired reads go as new ones come, and at most
 * `maxEntries` are kept (the oldest go first).
 */
export function sharedReads<V>(options: { ttlMs: number; maxEntries: number; now: () => number }) {
  const { ttlMs, maxEntries, now } = options;
  const entries = new Map<string, { value: Promise<V>; until: number }>();
  /** How many times the map was emptied. */
  let generation = 0;

  /** Drops the expired reads at the front (the oldest), then the oldest while there is no room. */
  function makeRoom() {
    const time = now();
    for (const [key, entry] of entries) {
      if (entry.until > time && entries.size < maxEntries) break;
      entries.delete(key);
    }
  }

  return {
    /**
     * The kept value for `key`, else `read()`'s, kept unless `keep` says no (false) or
     * shortens its stay (`until`, a time in ms).
     */
    read(key: string, read: () => Promise<V>, keep: (value: V) => { until?: number } | false = () => ({})): Promise<V> {
      const entry = entries.get(key);
      if (entry && entry.until > now()) return entry.value;
      entries.delete(key);
      makeRoom();
      const startedIn = generation;
      const value = read();
      const kept = { value, until: now() + ttlMs };
      entries.set(key, kept);
      const forget = () => {
        if (entries.get(key) === kept) entries.delete(key);
      };
      value.then((result) => {
        const keeping = generation === startedIn && keep(result);
        if (!keeping) return forget();
        if (keeping.until !== undefined) kept.until = Math.min(kept.until, keeping.until);
      }, forget);
      return value;
    },
    clear() {
      generation++;
      entries.clear();
    },
    /** How many reads are kept, expired ones included until room is made. */
    get size() {
      return entries.size;
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Empties the caches when a request that may have changed what they keep ends
 * (any but GET, HEAD and OPTIONS, and none of `changesNothingKept`), whatever its
 * answer, before the answer leaves: the next request of the same person reads what
 * they just wrote. Decided after the request, so reads pay nothing for it.
 */
export function forgetOnWrites(
  caches: Forgetful[],
  changesNothingKept: Array<{ method: string; path: string }> = [],
): MiddlewareHandler {
  const kept = new Set(
    changesNothingKept.map(({ method, path }) => {
      // Matched as the request's path is written: a path with parameters would never match.
      if (path.includes('{'))
        throw new Error(`${path}: only endpoints without path parameters can change nothing kept`);
      return `${method.toUpperCase()} ${path}`;
    }),
  );
  return async (c, next) => {
    try {
      await next();
    } finally {
      if (!READS.has(c.req.method) && !kept.has(`${c.req.method} ${c.req.path}`))
        for (const cache of caches) cache.clear();
    }
  };
}
