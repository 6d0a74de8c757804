import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import { embedItemLater } from '../jobs/embed-item';
import type { Embedder } from './embed';
import { indexItemNow, indexUpkeep } from './index-item';

/**
 * The longest a search waits for the items saved before it to be indexed; then it
 * answers from the index as it stands. A save is indexed in tens of milliseconds;
 * this bounds a search behind a backlog (a slow disk, a long PDF).
 */
export const CATCH_UP_LIMIT_MS = 10_000;

/**
 * Indexes items for search after their save, not in it (decision 45), one at a time
 * in the order they were saved. The save stamped the item (`index_request`), so an
 * item this process did not get to (a crash, a stop) is indexed by the next start's
 * pass. A search waits for the items of its workspace saved before it in this process
 * (`caughtUp`), so whoever saves and then searches finds what they saved; the other
 * processes find it once it is indexed, which they read from the same database.
 */
export function createSearchIndexer(deps: { db: Kysely<DB>; logger: Logger; embedder?: Embedder }) {
  /** The items to index, in the order asked (one asked again while waiting keeps its place), with their turn. */
  const waiting = new Map<string, { turn: number }>();
  /** Per workspace, the last turn asked for. */
  const lastAsked = new Map<string, number>();
  let turns = 0;
  /** Every turn up to this one is done. */
  let doneUpTo = 0;
  let running: Promise<void> | undefined;
  let stopped = false;
  const onDone = new Set<() => void>();
  const tellWaiters = () => {
    for (const listener of onDone) listener();
  };

  const embedding = { database: { db: deps.db }, embedder: deps.embedder, logger: deps.logger };
  const upkeep = indexUpkeep(deps.db, deps.logger);

  async function drain() {
    while (!stopped) {
      const next = waiting.entries().next();
      if (next.done) break;
      const [id, { turn }] = next.value;
      waiting.delete(id);
      try {
        // False: it was saved again as it was read (that save's turn follows) or deleted.
        if (await indexItemNow(deps.db, id)) await embedItemLater(embedding, id);
      } catch (error) {
        deps.logger.error(
          { err: error, knowledgeId: id },
          'Could not index an item for search; the next start tries again',
        );
      }
      doneUpTo = turn;
      tellWaiters();
      await upkeep();
    }
    running = undefined;
    tellWaiters();
  }

  /** Resolves once `ready()` holds (checked after each item), or after `limitMs` if given. */
  const until = (ready: () => boolean, limitMs?: number) =>
    new Promise<void>((resolve) => {
      if (ready()) return resolve();
      const finish = () => {
        clearTimeout(timer);
        onDone.delete(listener);
        resolve();
      };
      const listener = () => {
        if (ready()) finish();
      };
      const timer = limitMs === undefined ? undefined : setTimeout(finish, limitMs);
      onDone.add(listener);
    });

  return {
    /** Indexes the item soon, after those saved before it; call once its save has committed. */
    indexSoon(item: { id: string; account_id: string }): void {
      if (stopped) return;
      if (!waiting.has(item.id)) {
        waiting.set(item.id, { turn: ++turns });
        lastAsked.set(item.account_id, turns);
      }
      running ??= drain();
    },

    /** Resolves once the workspace's items saved before the call are indexed (at most CATCH_UP_LIMIT_MS). */
    caughtUp(accountId: string, limitMs = CATCH_UP_LIMIT_MS): Promise<void> {
      const target = lastAsked.get(accountId) ?? 0;
      return until(() => doneUpTo >= target || stopped, limitMs);
    },

    /** Resolves once nothing is waiting to be indexed. */
    idle(): Promise<void> {
      return until(() => running === undefined);
    },

    /** Stops after the item being indexed; those still waiting keep their stamp for the next start. */
    async stop(): Promise<void> {
      stopped = true;
      tellWaiters();
      await running;
    },
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;
