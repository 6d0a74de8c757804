import { AI_SEARCH_LIMITS } from '@common/ai-search';

/** The AI search page's texts, word for word from spec section 8 (and section 2 for the banner). */
export const AI_SEARCH_MESSAGES = {
  timedOut: 'Search timed out. Please try again.',
  stalled: 'The search request stalled. Please try again.',
  noResults: 'No results found for your query. Try a different search.',
  noBody: 'Response has no body stream',
  maxRetries: `Maximum retry attempts (${AI_SEARCH_LIMITS.retries}) reached`,
  noPreviousSearch: 'No previous search to retry',
  emptyQuery: 'Please enter a search query',
  offline: 'You appear to be offline. Check your internet connection.',
  // Not in the spec: a request that never reached the server (fetch's own "Failed to fetch" says little).
  unreachable: 'Could not reach the server. Check your connection and try again.',
} as const;

/** The text for an HTTP error answered before the stream starts (spec section 8). */
export function httpErrorMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Invalid request. Please check your search query and try again.';
    case 401:
    case 403:
      return 'Authentication error. Please log in again.';
    case 404:
      return 'No knowledge found matching your query.';
    case 500:
      return 'Server error. The AI search service is temporarily unavailable.';
    case 504:
      return 'Request timeout. The AI search is taking too long to respond.';
    default:
      return `Server error: ${status}`;
  }
}
