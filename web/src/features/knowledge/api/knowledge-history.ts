import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getRevision, listRevisions, nameCurrentVersion, restoreRevision } from '@common/api/routes';
import type { KnowledgeDto } from '@common/knowledge';
import type { EditConflictDto } from '@common/knowledge-history';
import { ApiError, api } from '@/lib/api-client';
import { knowledgeKeys } from './knowledge-keys';
/**
 * An item's history (under the account's knowledge keys, so the live refresh reads it again
 * on any change of the account's items, as it does the lists).
 */
const historyKeys = {
  all: (accountId: string) => ['knowledge', accountId, 'history'] as const,
  item: (accountId: string, ref: string) => ['knowledge', accountId, 'history', ref] as const,
  version: (accountId: string, ref: string, version: number) =>
    ['knowledge', accountId, 'history', ref, version] as const,
};

/** GET .../revisions: the item's versions, newest first (the current one first); read afresh on each visit. */
export const revisionsQuery = (accountId: string, ref: string) =>
  queryOptions({
    queryKey: historyKeys.item(accountId, ref),
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (await api(listRevisions, { params: { accountId, knowledgeId: ref } }, { signal })).data.revisions,
  });

/** GET .../revisions/:version: one version whole. */
export const revisionQuery = (accountId: string, ref: string, version: number) =>
  queryOptions({
    queryKey: historyKeys.version(accountId, ref, version),
    queryFn: async ({ signal }) =>
      (await api(getRevision, { params: { accountId, knowledgeId: ref, version } }, { signal })).data,
  });

/** The item as it is now, when `error` is a 409 refusing a write based on an older version; else undefined. */
export function conflictingItem(error: unknown): KnowledgeDto | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'edit_conflict') return undefined;
  return (error.body as EditConflictDto).current;
}

/** Puts a saved item in the cache under both its ids, and reads the history again. */
function useRememberItem(accountId: string) {
  const queryClient = useQueryClient();
  return (item: KnowledgeDto) => {
    queryClient.setQueryData(knowledgeKeys.item(accountId, item.id), item);
    queryClient.setQueryData(knowledgeKeys.item(accountId, item.short_id), item);
    return queryClient.invalidateQueries({ queryKey: historyKeys.all(accountId) });
  };
}

/** POST .../revisions/:version/restore, based on the item's version `basedOn`. */
export function useRestoreRevision(accountId: string, ref: string) {
  const remember = useRememberItem(accountId);
  return useMutation({
    mutationFn: async ({ version, basedOn }: { version: number; basedOn: number }) =>
      (await api(restoreRevision, { params: { accountId, knowledgeId: ref, version }, json: { version: basedOn } }))
        .data,
    onSuccess: remember,
  });
}

/** POST .../revisions: "Save version", a name for the current version `basedOn`. */
export function useNameVersion(accountId: string, ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, basedOn }: { name: string; basedOn: number }) =>
      (await api(nameCurrentVersion, { params: { accountId, knowledgeId: ref }, json: { name, version: basedOn } }))
        .data.revisions,
    onSuccess: (revisions) => queryClient.setQueryData(historyKeys.item(accountId, ref), revisions),
  });
}
