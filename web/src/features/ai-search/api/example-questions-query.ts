import { queryOptions } from '@tanstack/react-query';
import { EXAMPLE_QUESTIONS_SHOWN } from '@common/ai-search';
import { listExampleQuestions } from '@common/api/routes';
import { ApiError, api } from '@/lib/api-client';
import { pickExamples } from '../lib/pick-examples';
import { aiSearchKeys } from './ai-search-keys';

/**
 * GET .../example-questions: up to twice the wanted count, of which 6 are
 * shown in a random order; fresh for 5 min, kept 10 (spec section 9). The
 * shuffle happens once per fetch, so the examples do not jump on re-render.
 */
export const exampleQuestionsQuery = (accountId: string) =>
  queryOptions({
    queryKey: aiSearchKeys.exampleQuestions(accountId),
    queryFn: async ({ signal }) => {
      try {
        const query = { count: EXAMPLE_QUESTIONS_SHOWN };
        const { data } = await api(listExampleQuestions, { params: { accountId }, query }, { signal });
        return pickExamples(data, EXAMPLE_QUESTIONS_SHOWN);
      } catch (error) {
        const message = `Failed to fetch example questions: ${error instanceof Error ? error.message : String(error)}`;
        throw error instanceof ApiError
          ? new ApiError(error.status, message, error.code)
          : new Error(message, { cause: error });
      }
    },
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });
