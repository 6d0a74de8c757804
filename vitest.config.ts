import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Server and shared tests run in Node; the web's pure-logic tests (the *.test.ts files under web/src) too, with the app's aliases. */
export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'web/src'),
      '@common': path.resolve(import.meta.dirname, 'common'),
    },
  },
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/src/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    environment: 'node',
    // Test files share their workers' loaded modules (each file still gets its own server
    // and database): importing the app's module graph anew for each file was most of the
    // run. Three workers on two cores, as the tests mostly wait on databases and HTTP.
    isolate: false,
    maxWorkers: 3,
    // Limits for a test that hangs, not for one that is slow: on a two-core machine loaded by
    // the browser tests beside these, starting Lore as a process once took over a minute.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for something that is meant to happen; its 1 s default is
    // shorter than a loaded CI machine sometimes takes. A poll that passes returns at once.
    expect: { poll: { timeout: 10_000 } },
    // Files, and the tests in each, run in a new order every time (--sequence.seed=N repeats one), so no test can lean on another's data.
    sequence: { shuffle: true },
  },
});
