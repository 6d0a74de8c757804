import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DescribableItem } from '../ai/describe';
import type { Writer } from '../ai/writer';
import type { DB } from '../db/schema';
import { findItemToDescribe, saveItemDescription } from '../data/item-descriptions';
import { enqueueJob } from '../data/jobs';
import { splitPassages, textPassages, type Passage } from '../search/passages';
import type { JobHandler } from './worker';

/** The job that writes an item's ai_summary and ai_question; its key is the item's id. */
export const DESCRIBE_ITEM = 'describe_item';

/**
 * Asks for the item's summary and question to be written again, after a save.
 * The item is saved either way: a failure to ask is logged, not answered as an error.
 */
export async function describeItemLater(db: Kysely<DB>, itemId: string, logger: Logger): Promise<void> {
  await enqueueJob(db, { kind: DESCRIBE_ITEM, key: itemId }).catch((error: unknown) =>
    logger.error({ err: error, knowledgeId: itemId }, 'Could not queue the summary of an item'),
  );
}

/** Reads the item as it is now, has the writer describe it, and stores the result; a deleted item needs nothing. */
export function describeItem(deps: { db: Kysely<DB>; writer: Pick<Writer, 'describe'> }): JobHandler {
  return async ({ key }, { signal }) => {
    const item = await findItemToDescribe(deps.db, key);
    if (!item) return;
    const description = await deps.writer.describe(describableItem(item), signal);
    await saveItemDescription(deps.db, key, description);
  };
}

/** An item's title, body text and headings, from its HTML and then its PDFs' text (an item may be only a PDF). */
export function describableItem(item: { title: string; content: string; pdfTexts?: string[] }): DescribableItem {
  const passages = splitPassages(item.content);
  const body = runOfText(passages);
  const pdfs = runOfText((item.pdfTexts ?? []).flatMap(textPassages));
  const headings = [...new Set(passages.map((passage) => passage.heading).filter(Boolean))];
  return { title: item.title, text: [body, pdfs].filter(Boolean).join('\n'), headings };
}

/** Passages as one text again: a long section's windows under one heading are one run, each passage a line. */
function runOfText(passages: Passage[]): string {
  return passages
    .map((passage, i) => (i > 0 && passages[i - 1]!.heading === passage.heading ? ' ' : '\n') + passage.text)
    .join('')
    .trim();
}
