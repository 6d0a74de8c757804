const KEY_PREFIX = 'ai-search-asked:';

/**
 * Remembers, in this browser, that the signed-in person had a question answered
 * in a workspace: the dashboard ticks off its "Ask a question" step. The server
 * keeps no record of questions, so this is the one place that knows.
 */
export function rememberQuestionAsked(accountId: string) {
  try {
    localStorage.setItem(KEY_PREFIX + accountId, '1');
  } catch {
    // Storage full or switched off: the step just stays unticked.
  }
}

/** Whether a question was answered in the workspace (see rememberQuestionAsked). */
export function hasAskedQuestion(accountId: string): boolean {
  try {
    return localStorage.getItem(KEY_PREFIX + accountId) !== null;
  } catch {
    return false;
  }
}

/** Its keys start with this; they are the person's data, wiped at sign-out (lib/local-data.ts). */
export const ASKED_QUESTION_KEY_PREFIX = KEY_PREFIX;
