import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import { CHANGE_POSITION_HEADER } from '../../common/live';
import type { AppEnv } from '../app-env';

type FetchLore = (url: string, init?: RequestInit) => Promise<Response>;

/** One page being drawn, as web/src/entry-server.tsx takes it. */
interface PageRequest {
  url: string;
  template: string;
  fetch: FetchLore;
  changePosition: () => number | undefined;
  signal: AbortSignal;
}

/** What this file uses of the built web/src/entry-server.tsx. */
interface ServerEntry {
  renderPage(request: PageRequest): Promise<string | undefined>;
  setServerFetch(current: () => FetchLore | undefined): void;
}

/** A page as the server drew it (`html`; none when the browser draws it), and the cookies its answers set. */
export interface DrawnPage {
  html?: string;
  /** Set-Cookie lines of the answers it was drawn from (a session renewed on the way): the browser's to keep. */
  cookies: string[];
}

/**
 * Draws a page's first load on the server (decision 25) with the web app's own
 * code, built by `vite build --ssr` into `entry` (dist/ssr/entry-server.js). The
 * page's queries ask Lore itself, in-process, with the visitor's cookie: the same
 * routes, guards and checks as the browser's own calls, so a page shows nothing its
 * visitor could not fetch.
 */
export function createPageRenderer(options: {
  entry: string;
  /** index.html as built, which the page is drawn into. */
  template: string;
  /** Lore's whole app, for the page's queries. */
  callApi: (request: Request, env: unknown) => Promise<Response>;
  logger: Logger;
  /** A page not drawn within this long is left to the browser (RENDER_TIME_LIMIT_MS). */
  timeLimitMs: number;
}) {
  const renders = new AsyncLocalStorage<PageRequest>();
  let loading: Promise<ServerEntry> | undefined;
  // Loaded with the first page drawn: a process that serves only the API never pays for React on the server.
  const entry = () =>
    (loading ??= (import(pathToFileURL(options.entry).href) as Promise<ServerEntry>).then((module) => {
      module.setServerFetch(() => renders.getStore()?.fetch);
      return module;
    }));
  const notLoaded = (error: unknown) => {
    options.logger.error(
      { err: error },
      'The web app built for the server could not be loaded; the browser draws pages',
    );
    return undefined;
  };

  return async function renderPage(c: Context<AppEnv>): Promise<DrawnPage> {
    const cookie = c.req.header('cookie');
    const cookies: string[] = [];
    const loaded = await entry().catch(notLoaded);
    if (!loaded) return { cookies };
    const signal = AbortSignal.timeout(options.timeLimitMs);
    let oldest: number | undefined;
    const request: PageRequest = {
      url: c.req.url,
      template: options.template,
      signal,
      changePosition: () => oldest,
      async fetch(url, init = {}) {
        const headers = new Headers(init.headers);
        if (cookie) headers.set('cookie', cookie);
        const asked = new Request(new URL(url, c.req.url), { ...init, headers, signal });
        const response = await options.callApi(asked, c.env);
        cookies.push(...response.headers.getSetCookie());
        const position = Number(response.headers.get(CHANGE_POSITION_HEADER) ?? NaN);
        if (Number.isSafeInteger(position) && (oldest === undefined || position < oldest)) oldest = position;
        return response;
      },
    };
    // Whatever the page waits on, the visitor waits no longer than the limit.
    const timedOut = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
    );
    try {
      const html = await Promise.race([renders.run(request, () => loaded.renderPage(request)), timedOut]);
      return { html, cookies };
    } catch (error) {
      const problem = 'A page could not be drawn on the server; the browser draws it';
      options.logger.warn({ err: error, path: c.req.path }, problem);
      return { cookies };
    }
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

/** The built server side of the web app beside `webRoot` (dist/ssr beside dist/web), if it was built. */
export function serverEntryBeside(webRoot: string): string | undefined {
  const entry = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  return fs.existsSync(entry) ? entry : undefined;
}
