/**
 * The web app on the server (decision 25): draws the first load of a page marked
 * `serverRendered` (sign-in, the knowledge list, an article), data and all, into index.html,
 * for the browser to hydrate (main.tsx). Built by `vite build --ssr` into dist/ssr;
 * run by server/web/page-renderer.ts. Any page it does not draw, or cannot draw
 * whole (the wrong visitor for it, a failed answer, a redirect to come), is left to the
 * browser, as before.
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { App } from './app/app';
import { pageStateElement } from './app/page-state';
import { createRoutes } from './app/router';
import type { RouteHandle } from './lib/document-title';
import type { FetchLore } from './lib/fetch-lore';
import { createQueryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';

export { setServerFetch } from './lib/fetch-lore';

/** One page to draw, and how its queries reach Lore. */
export interface PageRequest {
  /** The page's whole address. */
  url: string;
  /** index.html as built. */
  template: string;
  /** Asks Lore, in-process, with the visitor's cookie; fetchLore finds it through setServerFetch. */
  fetch: FetchLore;
  /** The oldest change position among the answers so far. */
  changePosition: () => number | undefined;
  signal: AbortSignal;
}

/** index.html's root element, the last in its body: where the page goes. */
const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/** The page as HTML, or undefined when the browser should draw it. */
export async function renderPage(request: PageRequest): Promise<string | undefined> {
  if (!ROOT.test(request.template)) throw new Error('index.html has no root element at the end of its body');
  const queryClient = createQueryClient();
  const loading: Array<Promise<unknown>> = [];
  const routes = createRoutes(queryClient, { onData: (promise) => loading.push(promise) });
  const leaf = matchRoutes(routes, new URL(request.url))?.at(-1);
  const drawnFor = (leaf?.route.handle as RouteHandle | undefined)?.serverRendered;
  if (!drawnFor) return undefined;

  // The first failed answer ends the wait (a query's own retries are the browser's business).
  const failure = new Promise<'failed'>((resolve) =>
    queryClient.getQueryCache().subscribe(({ query }) => query.state.fetchFailureCount > 0 && resolve('failed')),
  );
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(request.url, { signal: request.signal }));
  if (context instanceof Response || context.errors) return undefined;
  const answered = await Promise.race([Promise.all(loading), failure]);
  // Drawn only as its visitor will see it: signed in and owing nothing, or signed out; every answer there.
  const session = queryClient.getQueryData(sessionQuery.queryKey);
  const asExpected =
    drawnFor === 'signed-in' ? Boolean(session) && session?.secondFactor !== 'pending' : session === null;
  const incomplete = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' });
  if (answered === 'failed' || !asExpected || incomplete.length > 0) {
    queryClient.clear();
    return undefined;
  }

  let failed = false;
  // progressiveChunkSize: every part goes inline, where it is, however large; React would otherwise send some
  // later with inline scripts to reveal them, which the CSP refuses (a page that has any is the browser's to draw).
  const { prelude } = await prerender(
    <StrictMode>
      <App queryClient={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </App>
    </StrictMode>,
    { signal: request.signal, progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: () => void (failed = true) },
  );
  const html = await new Response(prelude).text();
  if (failed || /<script|<template/.test(html)) return undefined;
  const state = pageStateElement({
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    changePosition: request.changePosition(),
  });
  return request.template.replace(ROOT, (_, end: string) => `<div id="root">${html}</div>${state}${end}`);
}
