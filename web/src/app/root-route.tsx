import { useParams } from 'react-router';
import { useRouteTitle } from '@/lib/document-title';
import { WithScrollRestoration } from './scroll-restoration';

/** Every page: names it in the browser's title (a workspace's layout adds the workspace's name itself), and keeps its scroll position. */
export function RootRoute() {
  const { accountId } = useParams();
  useRouteTitle(Boolean(accountId));
  return <WithScrollRestoration />;
}
