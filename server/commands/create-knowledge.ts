import type { AppDeps } from '../app-env';
import { sanitizeKnowledgeHtml } from '../content/knowledge-html';
import { insertKnowledge, type KnowledgeRow, type NewKnowledge } from '../data/knowledge';
import { describeItemLater } from '../jobs/describe-item';
import { embedItemLater } from '../jobs/embed-item';
import { indexItem } from '../search/index-item';

/**
 * Creates an item the one way: sanitized HTML stored, then indexed for search
 * and its AI summary and embedding queued. The item is saved either way; one
 * whose indexing failed is indexed again at the next start.
 */
export async function createKnowledgeItem(
  deps: Pick<AppDeps, 'database' | 'logger' | 'embedder'>,
  values: NewKnowledge,
): Promise<KnowledgeRow> {
  const { db } = deps.database;
  const row = await insertKnowledge(db, {
    ...values,
    content: sanitizeKnowledgeHtml(values.content, values.accountId),
  });
  await indexItem(db, row).catch((error) =>
    deps.logger.error({ err: error, knowledgeId: row.id }, 'Could not index an item for search'),
  );
  await describeItemLater(db, row.id, deps.logger);
  await embedItemLater(deps, row.id);
  return row;
}
