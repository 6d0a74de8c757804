import type { KnowledgeSort } from '@common/knowledge';

export interface ListFilters {
  search: string;
  tags: string[];
  sort: KnowledgeSort;
}

/** The list's filters as its address keeps them: ?search=, one ?tag= per tag, and ?sort=newest for a search (else best match). */
export const listFiltersIn = (params: URLSearchParams): ListFilters => ({
  search: params.get('search') ?? '',
  tags: params.getAll('tag'),
  sort: params.get('sort') === 'newest' ? 'newest' : 'relevance',
});
