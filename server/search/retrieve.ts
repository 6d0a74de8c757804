import type { Executor } from '../data/executor';
import { rankPassages, type RankedPassage } from '../data/search-index';
import { analyzeQuery } from './analyze';

/**
 * The account's items that best answer a question, each with its best passage:
 * the ranked retrieval the AI search and the evaluation use.
 */
export async function retrieve(
  db: Executor,
  accountId: string,
  question: string,
  limit = 10,
): Promise<RankedPassage[]> {
  return rankPassages(db, accountId, analyzeQuery(question), limit);
}
