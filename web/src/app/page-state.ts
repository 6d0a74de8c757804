import type { DehydratedState } from '@tanstack/react-query';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';

/**
 * What a page the server rendered carries for the browser to take over from
 * (decision 25): the answers it was drawn from, the router's state, and the
 * change position those answers reflect (decision 19).
 */
export interface PageState {
  queries: DehydratedState;
  router: HydrationState;
  changePosition?: number;
}

/** The element that carries it: JSON, which the CSP lets be (it is data, never run). */
const PAGE_STATE_ID = 'lore-page-state';

/** The page's state as an element, safe inside HTML: no `<` in it can end the element early. */
export const pageStateElement = (state: PageState) =>
  `<script type="application/json" id="${PAGE_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;

/** The state of a page the server rendered; undefined for a page it did not. */
export function readPageState(): PageState | undefined {
  const element = document.getElementById(PAGE_STATE_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageState) : undefined;
}

/**
 * Loads the code of the routes `location` opens before the router starts: hydrating,
 * it must draw the page the server drew, not the loader it shows while code loads.
 */
export async function loadRoutesAt(routes: RouteObject[], location: { pathname: string; search: string }) {
  const loading: Array<Promise<void>> = [];
  for (const { route } of matchRoutes(routes, location) ?? []) {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') continue;
    // Each route's code is asked for in a task of its own: the page stays responsive meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 0));
    loading.push(lazy().then((loaded) => void Object.assign(route, loaded, { lazy: undefined })));
  }
  await Promise.all(loading);
}
