/** Query keys for the AI search's cached answers about a workspace (its example questions). */
export const aiSearchKeys = {
  all: (accountId: string) => ['ai-search', accountId] as const,
  exampleQuestions: (accountId: string) => ['ai-search', accountId, 'example-questions'] as const,
};
