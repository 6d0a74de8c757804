import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import type { AppEnv } from '../app-env';
import { createPageRenderer, serverEntryBeside } from './page-renderer';

/** The browser's chosen theme, which the web app keeps in this cookie too (web/src/lib/theme.tsx). */
const THEME_COOKIE = 'lore-theme';

/** The page in the theme chosen in this browser, from its first paint; the system's when none was. */
function inChosenTheme(html: string, theme: string | undefined) {
  return theme === 'dark' || theme === 'light'
    ? html.replace('<html lang="en">', `<html lang="en" class="${theme}">`)
    : html;
}

/**
 * Serves the built web app: hashed assets cached for a year, each in the brotli
 * or gzip copy the build wrote beside it when the browser takes one; every other
 * non-API path answered with index.html so the client router takes over, with
 * the page already drawn in it where the server draws that page (decision 25).
 */
export function spaRoutes(
  webRoot: string,
  options: { callApi: (request: Request, env: unknown) => Promise<Response>; logger: Logger; timeLimitMs: number },
) {
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const root = path.relative(process.cwd(), webRoot) || '.';
  const entry = serverEntryBeside(webRoot);
  const renderPage = entry ? createPageRenderer({ entry, template: indexHtml, ...options }) : undefined;

  return (
    new Hono<AppEnv>()
      .use(
        '/assets/*',
        serveStatic({
          root,
          precompressed: true,
          onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
        }),
      )
      // A file the build did not make (an old page's chunk after an upgrade) is missing, not a page.
      .all('/assets/*', (c) => c.text('Not found', 404))
      .use('*', serveStatic({ root, precompressed: true }))
      .get('*', async (c) => {
        const drawn = await renderPage?.(c);
        for (const cookie of drawn?.cookies ?? []) c.header('Set-Cookie', cookie, { append: true });
        // A drawn page is its visitor's own: no shared cache may keep it, and it differs by who asks.
        c.header('Cache-Control', drawn?.html ? 'private, no-cache' : 'no-cache');
        c.header('Vary', 'Cookie');
        return c.html(inChosenTheme(drawn?.html ?? indexHtml, getCookie(c, THEME_COOKIE)));
      })
  );
}
