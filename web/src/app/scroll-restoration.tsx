import { Outlet, ScrollRestoration, type UIMatch } from 'react-router';
import type { RouteHandle } from '@/lib/document-title';

const remembersByAddress = (matches: UIMatch[]) =>
  matches.some((match) => (match.handle as RouteHandle | undefined)?.scrollByAddress);

/**
 * Around every page: a navigation to a new page starts at the top, Back and
 * Forward return to where the page was. The knowledge list is remembered by its
 * address, because an article's Back button opens it anew (a push, not a step
 * back), and should still return to the same place in the infinite list.
 */
export function WithScrollRestoration() {
  return (
    <>
      <ScrollRestoration
        getKey={(location, matches) =>
          remembersByAddress(matches) ? location.pathname + location.search : location.key
        }
      />
      <Outlet />
    </>
  );
}
