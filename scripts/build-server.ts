/**
 * The last step of `npm run build`: the server as `npm start` runs it (decision 5).
 * Bundles server/index.ts, and the PDF thread's module, into dist/server with esbuild
 * (the TypeScript tsx runs in development and tests, without its compiler in the
 * process); the packages stay in node_modules.
 */
import { build } from 'esbuild';

await build({
  entryPoints: { index: 'server/index.ts', 'pdf-worker': 'server/storage/pdf-worker.ts' },
  outdir: 'dist/server',
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
