import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Built files worth compressing: text. Fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside each built text
 * file, once, at build time; the server sends the one the browser accepts
 * (server/web/spa.ts), so no request pays for compressing them.
 */
function precompress(): Plugin {
  return {
    name: 'lore-precompress',
    apply: 'build',
    writeBundle(options) {
      const root = options.dir!;
      const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' });
      for (const file of files.map((name) => path.join(root, name))) {
        if (!COMPRESSIBLE.test(file) || !fs.statSync(file).isFile()) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

const resolve = {
  alias: {
    '@': path.resolve(import.meta.dirname, 'web/src'),
    '@common': path.resolve(import.meta.dirname, 'common'),
  },
};

/**
 * The web app's server side (`vite build --ssr`, decision 25): web/src/entry-server.tsx
 * into dist/ssr, with every library in it, React's production build among them.
 */
const serverBuild = defineConfig({
  root: 'web',
  plugins: [react()],
  resolve,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: { outDir: '../dist/ssr', emptyOutDir: true },
});

/** The web app: built into dist/web and served by the Lore server; `npm run dev` proxies the API. */
const browserBuild = defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), preloadTextFont(), precompress()],
  resolve,
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Fewer, larger files: each is a request (six at a time over HTTP/1.1) and a modulepreload link the
          // page adds, both of which cost more than the bytes. What the first load needs is one file (it came as
          // 16, split by what else shares each part).
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Each icon was a file of its own (a few hundred bytes): one file for all of them.
            { name: 'icons', test: /node_modules[\\/]lucide-react/ },
          ],
        },
      },
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

/**
 * Asks for the text's font (Inter, its Latin file) with the page, not once the style sheet
 * that names it has been read: come that late, it redrew the first paint in other widths,
 * and an article's summary and text moved down (a layout shift of 0.16, Lighthouse's
 * mobile run).
 */
function preloadTextFont(): Plugin {
  return {
    name: 'lore-preload-text-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));
        if (!font) throw new Error('The text font (Inter, Latin) is not in the build: preloadTextFont looks for it');
        const attrs = { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));
