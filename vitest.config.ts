import { defineConfig } from 'vitest/config'

/** The dist/ build that spawned `cms` processes run: end-to-end projects only, unit tests import src/. */
const BUILD = 'test/helpers/global-setup.ts'

export default defineConfig({
  test: {
    setupFiles: ['test/helpers/no-server-errors.ts'],
    // `cms serve` spawned by tests serves in the process the test started (test/e2e/serve/flags.test.ts turns the respawn back on).
    env: { CMS_SERVE_RESPAWN: '0' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most end-to-end time is spent waiting on child processes, sockets and the disk, not on a core:
    // two files at a time on two cores (vitest's default there is one, cores - 1; docs/benchmarks.md).
    maxWorkers: 2,
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
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: ['test/e2e/editor/**', '**/node_modules/**'], globalSetup: [BUILD], sequence: { groupOrder: 0 } },
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
          testTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
