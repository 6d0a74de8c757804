// ESLint for Lore: `npm run lint`, and a step of `npm test`.
// Formatting is Prettier's job (`npm run format`). These rules are about correctness and
// about which part of the code may import which: the layout in docs/ARCHITECTURE.md, written
// down so that the build checks it. Read the boundary rules below before moving code around.
//
// Not type-aware on purpose: typed linting of this tree takes ~45 s on a 2-core machine,
// against ~10 s without; `npm run typecheck` already runs the compiler.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The solution tsconfig: its references (server, web, e2e) tell the resolver how '@/…' and '@common/…' resolve in each part. */
const tsProjects = ['tsconfig.json'];

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'lore/typescript',
    rules: {
      // An unused variable is dead code or a bug. A leading underscore marks one that has to
      // stay (a positional parameter; a rest sibling that leaves a key out).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },

  // Globals per runtime. The server, scripts, e2e specs and root configs run in Node; the web in a browser.
  {
    name: 'lore/node-globals',
    files: ['server/**', 'scripts/**', 'e2e/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'lore/browser-globals',
    files: ['web/**'],
    languageOptions: { globals: globals.browser },
  },

  // The raw test client reads answers as loose JSON on purpose: denial tests send what no typed call could.
  // Typed calls go through server/test/api.ts.
  {
    name: 'lore/raw-test-client',
    files: ['server/test/http-client.ts', 'server/test/event-stream.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Playwright reads a fixture's dependencies from its first parameter's destructuring, so `{}` is how a fixture says "none".
  {
    name: 'lore/playwright-fixtures',
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },

  // The web calls endpoints by their routes (common/api/routes.ts, generated): an endpoint's own
  // module holds its zod schemas, which would come with it into every page's bundle (decision 43).
  {
    name: 'lore/web-calls-routes',
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@common/api/*', '!@common/api/routes', '!@common/api/client'],
              allowTypeImports: true,
              message: 'Import the endpoint from @common/api/routes: this module brings its schemas, and zod, along.',
            },
          ],
        },
      ],
    },
  },

  // The rules of hooks, and the React Compiler's checks on components and hooks.
  {
    name: 'lore/react-hooks',
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },

  // How imports resolve, for import-x and eslint-plugin-boundaries alike.
  {
    name: 'lore/import-resolution',
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsProjects })],
      // eslint-plugin-boundaries resolves through eslint-module-utils, which reads this key.
      'import/resolver': { typescript: { project: tsProjects } },
      // import-x/no-cycle parses the files an import leads to: they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // No import cycles: they make module start-up order matter and hide tangled
      // responsibilities. (Imports of packages are not followed.)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // ---------------------------------------------------------------------------------------
  // Import boundaries.
  // Each "element" below names a part of the tree (paths from this folder); the policies
  // say which element may not import which. Everything else is allowed, imports inside one
  // element are never checked, and files in no element (e2e, scripts, configs) are free.
  // ---------------------------------------------------------------------------------------
  {
    name: 'lore/boundaries',
    files: ['server/**/*.ts', 'common/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      // The first pattern that matches a file decides its element, so specific ones come first.
      'boundaries/elements': [
        // web/src/features/<feature>: one element per feature; its public entry is index.ts.
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'], partialMatch: false },
        // Shared UI primitives, and the app shell.
        { type: 'ui', pattern: 'web/src/components/ui', partialMatch: false },
        { type: 'layout', pattern: 'web/src/components/layout', partialMatch: false },
        // The rest of the web app: app/ (router, route modules), lib/, main.tsx.
        { type: 'web', pattern: 'web/src', partialMatch: false },

        // server/routes/<resource>: one element per HTTP resource.
        { type: 'route', pattern: 'server/routes/*', capture: ['resource'], partialMatch: false },
        // The layers the routes are built on.
        { type: 'data', pattern: 'server/data', partialMatch: false },
        { type: 'policy', pattern: 'server/policies', partialMatch: false },
        { type: 'presenter', pattern: 'server/presenters', partialMatch: false },
        { type: 'command', pattern: 'server/commands', partialMatch: false },
        // The rest of the server: app, auth, db, mail, storage, test helpers...
        { type: 'server', pattern: 'server', partialMatch: false },

        // Schemas, types and constants shared by the server and the web.
        { type: 'common', pattern: 'common', partialMatch: false },
      ],
      // Imports, re-exports (`export … from`) and lazy `import()` all count.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // When several policies match an import, the last one decides (and gives the message).
          policies: [
            {
              // Outside a feature, use it only through web/src/features/<feature>/index.ts, so a
              // feature can reorganise its insides freely. Inside a feature, import anything. Its
              // query-key factories (api/<name>-keys.ts, importing nothing) may be imported directly:
              // the live refresh reads every feature's keys, and a feature's index leads back to it.
              disallow: { to: { element: { type: 'feature', fileInternalPath: '!{index.ts,api/*-keys.ts}' } } },
              message:
                'Import features/{{ to.element.captured.feature }} through its public entry, @/features/{{ to.element.captured.feature }} (its index.ts).',
            },
            {
              // Shared UI and the shell serve every feature; if they imported one, features would
              // end up depending on each other (and on the shell) through them.
              from: { element: { types: { anyOf: ['ui', 'layout'] } } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                'components/ui and components/layout must not import a feature: take what they need as props or children.',
            },
            {
              // Routes stay thin and independent: what two routes share belongs in data/,
              // policies/, presenters/ or commands/, not in one route's folder.
              from: { element: { type: 'route' } },
              disallow: { to: { element: { type: 'route' } } },
              message:
                'server/routes/{{ from.element.captured.resource }} must not import server/routes/{{ to.element.captured.resource }}: move what they share to data/, policies/, presenters/ or commands/.',
            },
            {
              // The layers under the routes know nothing of HTTP routes, so any route can use them.
              from: { element: { types: { anyOf: ['data', 'policy', 'presenter', 'command'] } } },
              disallow: { to: { element: { type: 'route' } } },
              message: 'server/data, policies, presenters and commands must not import server/routes.',
            },
            {
              // common/ is compiled into both the server and the browser bundle. It imports only
              // itself and packages, or server code would leak into the web bundle (and back).
              from: { element: { type: 'common' } },
              disallow: { to: { element: { type: '*' } } },
              message: 'common/ must not import from server/ or web/: both of them use it.',
            },
          ],
        },
      ],
    },
  },
]);
