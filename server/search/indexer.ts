import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import { embedItemLater } from '../jobs/embed-item';
import type { Embedder } from './embed';
import { analyseItemsNow, indexUpkeep, writeItemsIndex, type AnalysedItems, type SavedItem } from './index-item';

/**
 * The longest a search waits for the items saved before it to be indexed; then it
 * answers from the index as it stands. A save is indexed in tens of milliseconds;
 * this bounds a search behind a backlog (a slow disk, a long PDF).
 */
export const CATCH_UP_LIMIT_MS = 10_000;

/**
 * The most items indexed in one transaction (decision 49): those waiting at the front of the
 * queue, of one workspace. Written four at a time, the Python docs' pages cost two thirds
 * of their indexing's time one by one. A search behind a batch waits for it whole, and on
 * PGlite so does every other request: with 8 or 16, the p99 of requests during an import
 * went from 190 to 250 and 300 ms.
 */
const BATCH_ITEMS = 4;

/**
 * The batch of an import while nobody else is using Lore (decision 55): nobody then waits behind
 * it, and the words its pages share are counted once in 16 pages, not once in 4. Someone who comes
 * waits on PGlite's connection for one such batch's write at most, and a search of the importing
 * workspace for the three handed over already (written, analysed, waiting); the import's next
 * batches are of BATCH_ITEMS.
 */
export const ALONE_BATCH_ITEMS = 16;

/**
 * Items taken to be indexed together: each with its turn, the item as saved when it was handed
 * over, and whether the index's upkeep waits after it (an import's, while others use Lore).
 */
type Batch = Array<{ id: string; turn: number; saved?: SavedItem; upkeepWaits: boolean }>;

/** How an item is handed to the indexer by who saves many in a row (an import, `inBatches`). */
interface Handover {
  /** The most items of the batch it is taken in (an import's while nobody else uses Lore: ALONE_BATCH_ITEMS). */
  batchItems?: number;
  /** The index's upkeep (a VACUUM) waits after its batch: someone else is using Lore (decision 59). */
  upkeepWaits?: boolean;
}

/**
 * Indexes items for search after their save, not in it (decision 45), in the order they
 * were saved, the items waiting at the front of the queue of one workspace together
 * (decision 49), each batch read and analysed while the one before it is written (decision
 * 52). A save hands over the item as it wrote it, which is then analysed without being read
 * back, at once, while the batch before it is written. The save stamped the item (`index_request`), so an item this process did
 * not get to (a crash, a stop) is indexed by the next start's pass. A search waits for the
 * items of its workspace saved before it in this process (`caughtUp`), so whoever saves and
 * then searches finds what they saved; the other processes find it once it is indexed,
 * which they read from the same database. With `describe` (no model is configured), each
 * item's extractive summary and question are written with its index (decision 51).
 */
export function createSearchIndexer(deps: { db: Kysely<DB>; logger: Logger; embedder?: Embedder; describe?: boolean }) {
  const options = { describe: deps.describe ?? false };
  /**
   * The items to index, in the order asked (one asked again while waiting keeps its place), with
   * their turn, how they were handed over (`Handover`), and, when one save handed it over, the
   * item as saved.
   */
  const waiting = new Map<string, { turn: number; accountId: string; saved?: SavedItem } & Required<Handover>>();
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

  /** The items at the front of the queue that are of the first one's workspace, at most its batch, taken off it. */
  function takeBatch() {
    const batch: Batch = [];
    let first: { accountId: string; batchItems: number } | undefined;
    for (const [id, item] of waiting) {
      first ??= item;
      if (item.accountId !== first.accountId || batch.length === first.batchItems) break;
      batch.push({ id, turn: item.turn, saved: item.saved, upkeepWaits: item.upkeepWaits });
    }
    for (const { id } of batch) waiting.delete(id);
    // Room in the queue: who waits for it (`hasRoom`) goes on now, while the batch is analysed and written.
    tellWaiters();
    return batch;
  }

  /**
   * A batch's items read and analysed, begun at once: while the batch before it is written
   * (decision 52). A failure is met when the batch is written.
   */
  function prepare(batch: Batch) {
    const saved = new Map(batch.flatMap((item) => (item.saved ? [[item.id, item.saved] as const] : [])));
    const analysed = analyseItemsNow(
      deps.db,
      batch.map((item) => item.id),
      options,
      saved,
    );
    analysed.catch(() => {});
    return { batch, analysed };
  }

  /**
   * Writes the analysed items together; answers those written (the others were saved again as
   * they were read, and that save's turn follows, or deleted). When the batch fails, each item is
   * read, analysed and written alone, so that one that cannot be indexed (its analysis timed out,
   * say) does not keep the others from being found; it keeps its stamp, and the next start tries it again.
   */
  async function writeEach(ids: string[], analysed: Promise<AnalysedItems>): Promise<string[]> {
    try {
      return await writeItemsIndex(deps.db, await analysed);
    } catch (error) {
      if (ids.length > 1) {
        const indexed: string[] = [];
        for (const id of ids) indexed.push(...(await writeEach([id], analyseItemsNow(deps.db, [id], options))));
        return indexed;
      }
      deps.logger.error(
        { err: error, knowledgeId: ids[0] },
        'Could not index an item for search; the next start tries again',
      );
      return [];
    }
  }

  /** The batch read and analysed next, begun while the one before it is written. */
  let next: ReturnType<typeof prepare> | undefined;
  let writing = false;
  /** Begins reading and analysing the next batch when one is being written and items wait. */
  const prepareNext = (atLeast = 1) => {
    if (writing && !stopped && !next && waiting.size >= atLeast) next = prepare(takeBatch());
  };

  async function drain() {
    while (!stopped && (next || waiting.size > 0)) {
      const { batch, analysed } = next ?? prepare(takeBatch());
      next = undefined;
      await analysed.catch(() => {});
      writing = true;
      prepareNext();
      try {
        const ids = batch.map((item) => item.id);
        for (const id of await writeEach(ids, analysed)) await embedItemLater(embedding, id);
        doneUpTo = batch.at(-1)!.turn;
        tellWaiters();
        await upkeep(batch.length, { waits: batch.some((item) => item.upkeepWaits) });
      } finally {
        writing = false;
      }
    }
    running = undefined;
    tellWaiters();
  }

  /** Resolves once `ready()` holds (checked when a batch is taken or written), or after `limitMs` if given. */
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
    /** Whether it writes the items' extractive descriptions with their index: then no job need (decision 51). */
    describes: options.describe,

    /**
     * Indexes the item soon, after those saved before it; call once its save has committed.
     * `saved`: the item as the save wrote it, so that it is not read back. `handover`: an import's (`inBatches`).
     */
    indexSoon(item: { id: string; account_id: string }, saved?: SavedItem, handover: Handover = {}): void {
      const { batchItems = BATCH_ITEMS, upkeepWaits = false } = handover;
      if (stopped) return;
      const asked = waiting.get(item.id);
      // Two saves of one item may hand theirs over in either order (an edit notifies watchers first):
      // asked again, it is read as it is then.
      if (asked) asked.saved = undefined;
      else {
        waiting.set(item.id, { turn: ++turns, accountId: item.account_id, saved, batchItems, upkeepWaits });
        lastAsked.set(item.account_id, turns);
      }
      // Begun after this turn of the event loop: the items asked for in it are indexed together.
      running ??= Promise.resolve().then(drain);
      // A whole batch asked for while one is written (an import's) is analysed meanwhile; single saves gather until then.
      void Promise.resolve().then(() => prepareNext(batchItems));
    },

    /** Resolves once the workspace's items saved before the call are indexed (at most CATCH_UP_LIMIT_MS). */
    caughtUp(accountId: string, limitMs = CATCH_UP_LIMIT_MS): Promise<void> {
      const target = lastAsked.get(accountId) ?? 0;
      return until(() => doneUpTo >= target || stopped, limitMs);
    },

    /**
     * Resolves once fewer than a batch of items wait (besides those being written and analysed):
     * who saves many items in a row (an import) goes at the indexer's pace, a batch ahead of it,
     * so that a search meanwhile waits behind three batches at most, not a backlog.
     */
    hasRoom(batchItems = BATCH_ITEMS): Promise<void> {
      return until(() => waiting.size < batchItems || stopped);
    },

    /** Resolves once nothing is waiting to be indexed. */
    idle(): Promise<void> {
      return until(() => running === undefined);
    },

    /** Stops after the batch being written; those analysed or waiting keep their stamp for the next start. */
    async stop(): Promise<void> {
      stopped = true;
      tellWaiters();
      await running;
      // A batch analysed but not to be written: its reads finish before the database closes.
      await next?.analysed.catch(() => {});
    },
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;

/**
 * For who saves many items in a row (an import): holds the items it is asked to index and
 * hands them to the indexer a batch at a time, so that it indexes them together; asked one
 * by one, it would take each as it came (decision 49). Give it where `indexSoon` is called;
 * `flush()` after each save; `flush(true)` when done. An item held when the process stops
 * keeps its stamp, so the next start indexes it. `othersUsingLore` (requests first, decision
 * 48) says whether someone else is using Lore: then each batch is waited for until written;
 * while nobody is, its batches are of ALONE_BATCH_ITEMS (decision 55).
 */
export function inBatches(indexer: SearchIndexer, othersUsingLore: () => boolean = () => false) {
  let held: Array<{ item: { id: string; account_id: string }; saved?: SavedItem }> = [];
  return {
    describes: indexer.describes,
    indexSoon(item: { id: string; account_id: string }, saved?: SavedItem): void {
      held.push({ item, saved });
    },
    /**
     * Hands the items held over once they make a batch (all of them, with `all`), then waits:
     * while nobody else uses Lore, until the indexer has taken them, so that the next are saved
     * as they are written (decision 52); while someone does, until they are written, so that the
     * saves and the writing of the index do not both keep others waiting on PGlite's one
     * connection and Lore's thread.
     */
    async flush(all = false): Promise<void> {
      const alone = !othersUsingLore();
      const batchItems = alone ? ALONE_BATCH_ITEMS : BATCH_ITEMS;
      if (held.length === 0 || (!all && held.length < batchItems)) return;
      // One run saves into one workspace.
      const accountId = held[0]!.item.account_id;
      // While someone else uses Lore, the index's VACUUM waits too: on PGlite it would hold their requests up.
      for (const { item, saved } of held) indexer.indexSoon(item, saved, { batchItems, upkeepWaits: !alone });
      held = [];
      // caughtUp gives up after CATCH_UP_LIMIT_MS; room is waited for either way, so no backlog grows.
      if (!alone) await indexer.caughtUp(accountId);
      await indexer.hasRoom(batchItems);
    },
  };
}
