import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './app/app';
import { loadRoutesAt, readPageState } from './app/page-state';
import { createRoutes } from './app/router';
import { noteOldestPosition } from './lib/change-position';
import { createQueryClient } from './lib/query-client';
import { noteSession, sessionQuery } from './lib/session';
import './styles.css';

// One cache for the page's life, shared by the routes' loaders and the pages.
const queryClient = createQueryClient();
const routes = createRoutes(queryClient);
const root = document.getElementById('root')!;

/**
 * Draws the page; when the server drew it already (decision 25), takes it over
 * as it is: with its answers, and the code of its routes loaded first.
 */
async function start() {
  // A task of its own, after this code's evaluation: the page the server drew answers input in between.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const drawn = readPageState();
  if (drawn) {
    hydrate(queryClient, drawn.queries);
    noteSession(queryClient.getQueryData(sessionQuery.queryKey) ?? null);
    noteOldestPosition(drawn.changePosition);
    // Not a top-level await: the routes' code imports this file's chunk, which must have finished by then.
    await loadRoutesAt(routes, window.location);
  }
  const router = createBrowserRouter(routes, { hydrationData: drawn?.router });
  const app = (
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  // As a transition, the first render (or hydration) yields to the browser every few
  // milliseconds instead of holding the main thread until the whole page is drawn (decision 20).
  startTransition(() => {
    if (drawn) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start();
