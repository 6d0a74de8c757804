/**
 * The last step of `npm run build`: the server as `npm start` runs it (decision 5).
 * Bundles server/index.ts, and the PDF thread's module, into dist/server with esbuild
 * (the TypeScript tsx runs in development and tests, without its compiler in the
 * process); the packages stay in node_modules. The benches build it too before they
 * start Lore, so they measure the sources as they are.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUILD = 'dist/server';

/** Builds the server into dist/server, replacing what was there. */
export async function buildServer() {
  fs.rmSync(SERVER_BUILD, { recursive: true, force: true });
  await build({
    entryPoints: { index: 'server/index.ts', 'pdf-worker': 'server/storage/pdf-worker.ts' },
    outdir: SERVER_BUILD,
    bundle: true,
    // Code behind a dynamic import (import and export, images) stays in a chunk of its own, loaded on first use.
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await buildServer();
