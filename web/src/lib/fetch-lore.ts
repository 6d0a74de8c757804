/** A request to Lore's own server, as the page's queries make it (the session check, the typed API client). */
export type FetchLore = (url: string, init?: RequestInit) => Promise<Response>;

/** Set on the server (entry-server.tsx): the fetch of the page render in progress. */
let serverFetch: (() => FetchLore | undefined) | undefined;

/**
 * The browser's fetch; on the server, the fetch of the page being rendered, which
 * asks Lore itself, in-process, with the visitor's cookie (server/web/page-renderer.ts).
 */
export const fetchLore: FetchLore = (url, init) => {
  if (!serverFetch) return fetch(url, init);
  const current = serverFetch();
  if (!current) throw new Error(`${url} was asked for outside a page render`);
  return current(url, init);
};

/** Server only: where fetchLore finds the fetch of the render in progress (several may be under way at once). */
export function setServerFetch(current: () => FetchLore | undefined): void {
  serverFetch = current;
}

/**
 * Whether this code runs on the server, drawing pages: the page's own bookkeeping
 * (who is signed in, the change position) is then the browser's to do, from the page.
 */
export const drawingOnServer = () => serverFetch !== undefined;
