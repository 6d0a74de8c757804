import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router';

/** What a route's `handle` says about it (app/router.tsx). */
export interface RouteHandle {
  /** The page's name in the browser's title. */
  title?: string;
  /** The page names itself (after the knowledge item it shows), workspace and all; its layout leaves the title alone. */
  namesItself?: true;
  /** Remember the page's scroll position by its address (path and query) rather than by history entry. */
  scrollByAddress?: boolean;
  /**
   * The server draws the page's first load, data and all (decision 25), for someone
   * signed in (owing no two-factor code) or for nobody signed in: the page its visitor
   * would see. Its loaders start every query its first render shows.
   */
  serverRendered?: 'signed-in' | 'signed-out';
}

/** The browser's title: the page, then (in a workspace) its name, then Lore: "Knowledge · Acme Docs · Lore". */
export const documentTitle = (...parts: Array<string | undefined>) =>
  [...parts.filter((part) => part?.trim()), 'Lore'].join(' · ');

/** Sets the browser's title from `parts` while the calling component is shown (unless `when` is false). */
export function useDocumentTitle(parts: Array<string | undefined>, { when = true } = {}) {
  const title = documentTitle(...parts);
  useEffect(() => {
    if (when) document.title = title;
  }, [when, title]);
}

/**
 * The title the route table gives the page. Set in a layout effect, which runs
 * before every plain effect, so a component inside (the workspace layout, the
 * 2FA screen, the error screen) that names the page more exactly has the last word.
 */
export function useRouteTitle(skip: boolean) {
  const handle = useRouteHandle();
  const title = documentTitle(handle.title);
  useLayoutEffect(() => {
    if (!skip) document.title = title;
  }, [skip, title]);
}

/** The deepest matched route's handle. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return (matches.findLast((match) => (match.handle as RouteHandle | undefined)?.title)?.handle ?? {}) as RouteHandle;
}
