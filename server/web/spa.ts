import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * Serves the built web app: hashed assets cached for a year, each in the brotli
 * or gzip copy the build wrote beside it when the browser takes one; every other
 * non-API path answered with index.html so the client router takes over.
 */
export function spaRoutes(webRoot: string) {
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const root = path.relative(process.cwd(), webRoot) || '.';

  return new Hono<AppEnv>()
    .use(
      '/assets/*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    .use('*', serveStatic({ root, precompressed: true }))
    .get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml);
    });
}
