import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Matches kept at most; when full, they are all forgotten and kept anew. */
const MAX_MATCHES = 2_000;
/** Longer paths are matched every time: an unusual request is not worth keeping. */
const MAX_PATH_LENGTH = 256;

/**
 * Hono's TrieRouter, remembering what each method and path matched. Hono's fastest
 * router (RegExpRouter) refuses Lore's routes (a fixed segment registered before a
 * parameter in its place: /knowledge/count, then /knowledge/{knowledgeId}), and the
 * trie walked a request's path through every route on each request: a fourteenth of
 * a signed-in GET answered from memory (decision 20). Most requests ask for a path
 * asked for moments before (a workspace's list, count and tags); Hono only reads a match.
 */
export class RememberedRoutes<T> implements Router<T> {
  readonly name = 'RememberedRoutes';
  readonly #router = new TrieRouter<T>();
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T) {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH_LENGTH) return this.#router.match(method, path);
    const key = `${method} ${path}`;
    let match = this.#matches.get(key);
    if (!match) {
      match = this.#router.match(method, path);
      if (this.#matches.size >= MAX_MATCHES) this.#matches.clear();
      this.#matches.set(key, match);
    }
    return match;
  }
}
