import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import { enqueueJob } from '../data/jobs';
import {
  addPassageRows,
  listPassagesToEmbed,
  lockItemRow,
  queueItemsToEmbed,
  saveVectors,
} from '../data/search-vectors';
import { passagesOfItems } from '../search/passage-text';
import { EMBED_BATCH, passageText, type Embedder } from '../search/embed';
import type { JobHandler } from './worker';

/** The job that embeds an item's body passages; its key is the item's id. */
export const EMBED_ITEM = 'embed_item';

/**
 * Asks for the item's passages to be embedded, after a save that reindexed
 * them; nothing with no embeddings model. The item is saved either way: a
 * failure to ask is logged, and the start-up pass asks again.
 */
export async function embedItemLater(
  deps: { database: { db: Kysely<DB> }; embedder?: Embedder; logger: Logger },
  itemId: string,
): Promise<void> {
  if (!deps.embedder) return;
  await enqueueJob(deps.database.db, { kind: EMBED_ITEM, key: itemId }).catch((error: unknown) =>
    deps.logger.error({ err: error, knowledgeId: itemId }, 'Could not queue the embedding of an item'),
  );
}

/**
 * Embeds the item's passages that have no vector from the model (all of them
 * after a reindex, which takes the passages' rows and so their vectors away), a
 * batch per call, storing each batch as it comes so a retry resumes where it
 * failed. Writes the passages' rows first if the item has none. Answers how many
 * passages it embedded.
 */
export async function embedItemPassages(
  db: Kysely<DB>,
  embedder: Embedder,
  itemId: string,
  signal?: AbortSignal,
): Promise<number> {
  // The item's passages as its text is now, and their rows if it has none.
  const texts = await db.transaction().execute(async (trx) => {
    if (!(await lockItemRow(trx, itemId))) return [];
    const passages = (await passagesOfItems(trx, [itemId])).get(itemId) ?? [];
    await addPassageRows(trx, itemId, passages);
    return passages;
  });
  const waiting = await listPassagesToEmbed(db, itemId, embedder.model);
  const passages = waiting.map((passage) => ({ ...passage, body: texts[passage.position]?.text ?? '' }));
  for (let start = 0; start < passages.length; start += EMBED_BATCH) {
    const batch = passages.slice(start, start + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map(passageText), { signal });
    await saveVectors(
      db,
      embedder.model,
      batch.map((passage, i) => ({ passageId: passage.id, embedding: vectors[i]! })),
    );
  }
  return passages.length;
}

/** The embed_item handler; a job left from a run with a model, now without one, has nothing to do. */
export function embedItem(deps: { db: Kysely<DB>; embedder?: Embedder }): JobHandler {
  return async ({ key }, { signal }) => {
    if (deps.embedder) await embedItemPassages(deps.db, deps.embedder, key, signal);
  };
}

/**
 * At start-up: queues every item with passages lacking a vector from the
 * configured model (saved before it was configured, reindexed at start-up,
 * embedded by another model, or whose job gave up). Answers how many it queued.
 */
export async function embedStaleItemsLater(db: Kysely<DB>, embedder: Embedder | undefined): Promise<number> {
  return embedder ? queueItemsToEmbed(db, embedder.model, EMBED_ITEM) : 0;
}
