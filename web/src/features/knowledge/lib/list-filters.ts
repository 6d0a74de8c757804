import type { KnowledgeSort } from '@common/knowledge';

export interface ListFilters {
  search: string;
  tags: string[];
  sort: KnowledgeSort;
  /** The words as typed, even when they find nothing (else the nearest workspace words are shown instead). */
  exact: boolean;
  /** Only this collection's items (decision 35); empty for every collection. */
  collection: string;
}

/**
 * The list's filters as its address keeps them: ?search=, one ?tag= per tag, ?sort=newest
 * for a search (else best match), ?exact=true for the words as typed, and ?collection= for one collection.
 */
export const listFiltersIn = (params: URLSearchParams): ListFilters => ({
  search: params.get('search') ?? '',
  tags: params.getAll('tag'),
  sort: params.get('sort') === 'newest' ? 'newest' : 'relevance',
  exact: params.get('exact') === 'true',
  collection: params.get('collection') ?? '',
});
