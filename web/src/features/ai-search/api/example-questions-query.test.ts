import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleQuestionsQuery } from './example-questions-query';

const accountId = '7f1d2c3e-1111-4222-8333-944455556666';
const fetchExamples = () => new QueryClient().fetchQuery({ ...exampleQuestionsQuery(accountId), retry: false });

describe('exampleQuestionsQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names a failure 'Failed to fetch example questions: ...' (the page then leaves the examples out)", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: 'Boom', code: 'internal' }, { status: 500 }));
    await expect(fetchExamples()).rejects.toThrow(/^Failed to fetch example questions: Boom$/);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchExamples()).rejects.toThrow(/^Failed to fetch example questions: Failed to fetch$/);
  });
});
