import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts', 'test/editor/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/no-server-errors.ts'],
    // `cms serve` spawned by tests serves in the process the test started (test/firstrun/serve-flags.test.ts turns the respawn back on).
    env: { CMS_SERVE_RESPAWN: '0' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'api', include: ['test/**/*.test.ts'], exclude: ['test/editor/**', '**/node_modules/**'], sequence: { groupOrder: 0 } },
      },
      {
        // Each editor test file drives its own Chromium: one file at a time, after the API suites,
        // so two cores are not asked to run browsers beside the rest.
        extends: true,
        test: { name: 'editor', include: ['test/editor/**/*.test.ts'], maxWorkers: 1, fileParallelism: false, testTimeout: 60_000, sequence: { groupOrder: 1 } },
      },
    ],
  },
})
