import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app: built into dist/web and served by the Lore server; `npm run dev` proxies the API. */
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'web/src'),
      '@common': path.resolve(import.meta.dirname, 'common'),
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // A feature's index.ts only re-exports its public pieces (and lists its lazy pages): importing it does
        // nothing by itself. Saying so lets the bundler leave out what an importer does not use, so the router's
        // import of an index for its page loaders does not pull the feature's components into the first load.
        moduleSideEffects: (id) => (/\/web\/src\/features\/[^/]+\/index\.ts$/.test(id) ? false : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}` } },
  },
});
