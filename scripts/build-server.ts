/**
 * The last step of `npm run build`: the server as `npm start` runs it (decision 5).
 * Bundles server/index.ts, and the modules of its worker threads (PDFs, imported documents,
 * long items' search index, an import's sanitizing), into dist/server with esbuild (the
 * TypeScript tsx runs in development and tests, without its compiler in the process); the
 * packages stay in node_modules. The benches build it too, into dist/bench-server, before they
 * start Lore, so they measure the sources as they are without replacing the build that
 * `npm start` and the tests run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUILD = 'dist/server';

/**
 * Builds the server into dist/server, replacing what was there; or the sources of
 * another checkout (`root`, with node_modules of its own) into `outdir` within it.
 */
export async function buildServer(options: { root?: string; outdir?: string } = {}) {
  const { root = '.', outdir = SERVER_BUILD } = options;
  fs.rmSync(path.resolve(root, outdir), { recursive: true, force: true });
  await build({
    absWorkingDir: path.resolve(root),
    entryPoints: {
      index: 'server/index.ts',
      'pdf-worker': 'server/storage/pdf-worker.ts',
      'document-worker': 'server/transfer/import/document-worker.ts',
      'index-worker': 'server/search/index-worker.ts',
      'sanitize-worker': 'server/content/sanitize-worker.ts',
    },
    outdir,
    bundle: true,
    // Code behind a dynamic import (import and export, images) stays in a chunk of its own, loaded on first use.
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await buildServer();
