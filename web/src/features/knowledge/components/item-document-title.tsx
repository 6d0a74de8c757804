import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useOutletContext, useParams } from 'react-router';
import type { AccountDto } from '@common/accounts';
import { useDocumentTitle, useRouteHandle } from '@/lib/document-title';
import { knowledgeItemQuery } from '../api/knowledge-queries';

/**
 * An article or edit page that names the browser's title after its item once
 * loaded ("How we deploy · Acme Docs · Lore"); until then, after the route.
 */
export function withItemTitle(Page: ComponentType, titleOf: (itemTitle: string) => string) {
  return function PageNamedAfterItsItem() {
    const { accountId = '', knowledgeId = '' } = useParams();
    const account = useOutletContext<AccountDto | undefined>();
    const handle = useRouteHandle();
    // The page's own query, read from the cache: this never fetches.
    const item = useQuery({ ...knowledgeItemQuery(accountId, knowledgeId), enabled: false });
    useDocumentTitle([item.data ? titleOf(item.data.title) : handle.title, account?.name]);
    return <Page />;
  };
}
