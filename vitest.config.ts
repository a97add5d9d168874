import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

/** The dist/ build that spawned `cms` processes run: end-to-end projects only, unit tests import src/. */
const BUILD = 'test/helpers/global-setup.ts'
/** End-to-end files that need a process of their own (see the e2e-fresh project). */
const PROCESS_STATE = ['test/e2e/git/scope-hooks.test.ts']

export default defineConfig({
  test: {
    setupFiles: ['test/helpers/no-server-errors.ts'],
    // `cms serve` spawned by tests serves in the process the test started (test/e2e/serve/flags.test.ts turns the respawn back on).
    // NODE_COMPILE_CACHE: the hundreds of `cms` processes the e2e files spawn reuse V8's compiled
    // code of dist/ and node_modules across processes (Node >= 22.1 reads it; older Nodes ignore it).
    env: { CMS_SERVE_RESPAWN: '0', NODE_COMPILE_CACHE: join(tmpdir(), 'cms-test-compile-cache') },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most end-to-end time is spent waiting on child processes, sockets and the disk, not on a core:
    // two files at a time on two cores (vitest's default there is one, cores - 1; docs/benchmarks.md).
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the src/ and helper modules a
    // file imports are loaded once per worker, not once per file (a third of the unit project's CPU;
    // docs/benchmarks.md, "The suite"). The files share no state through modules: each makes its
    // own temp dirs, servers and contexts; process-wide hooks are set up once (no-server-errors.ts).
    isolate: false,
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      {
        // Pure modules and the app in process (no socket, no child process, no build): `npm run test:unit`.
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 0 } },
      },
      {
        // Listening servers, spawned `cms`, real git and nginx, by feature.
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: ['test/e2e/editor/**', ...PROCESS_STATE, '**/node_modules/**'], globalSetup: [BUILD], sequence: { groupOrder: 0 } },
      },
      {
        // Files that assert on the process itself (whether Node's async hook is on) get a fresh one:
        // a file before them in a shared worker may have switched the hook on for good (a library's
        // AsyncLocalStorage), which says nothing about the code under test.
        extends: true,
        test: { name: 'e2e-fresh', include: PROCESS_STATE, globalSetup: [BUILD], isolate: true, sequence: { groupOrder: 0 } },
      },
      {
        // Each editor test file drives its own Chromium: one file at a time, after the API suites,
        // so two cores are not asked to run browsers beside the rest.
        extends: true,
        test: {
          name: 'editor',
          include: ['test/e2e/editor/**/*.test.ts'],
          globalSetup: [BUILD, 'test/e2e/editor/helpers/global-setup.ts'],
          maxWorkers: 1,
          fileParallelism: false,
          // Eight files, each driving its own browser: module loading is not where their time goes.
          isolate: true,
          testTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
