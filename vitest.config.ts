import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import EditorBesideSequencer from './test/helpers/sequencer.ts'
import { useRamTempDir } from './test/helpers/ram-temp-dir.ts'

// Before anything reads os.tmpdir(): the run's temp folders (projects, git repos, Chromium's
// profiles) on a RAM disk where the machine has one (docs/benchmarks.md, "Suite speed: temp files
// in RAM"). Workers and every process they start inherit TMPDIR.
useRamTempDir()

/** The dist/ build that spawned `cms` processes run: end-to-end projects only, unit tests import src/. */
const BUILD = 'test/helpers/global-setup.ts'
/** End-to-end files that need a process of their own (see the e2e-fresh project). */
const PROCESS_STATE = ['test/e2e/git/scope-hooks.test.ts']

export default defineConfig({
  test: {
    setupFiles: ['test/helpers/no-server-errors.ts'],
    // `cms serve` spawned by tests serves in the process the test started (test/e2e/serve/flags.test.ts turns the respawn back on).
    // CMS_CHECK_ANSWERS: every answer of a route that names its type is checked against it (src/server/http/answer-check.ts);
    // CMS_CHECK_ANSWERS_CACHE: where one process leaves a compiled check for the next ones of the run.
    // NODE_COMPILE_CACHE: the hundreds of `cms` processes the e2e files spawn reuse V8's compiled
    // code of dist/ and node_modules across processes (Node >= 22.1 reads it; older Nodes ignore it).
    env: { CMS_SERVE_RESPAWN: '0', NODE_COMPILE_CACHE: join(tmpdir(), 'cms-test-compile-cache'), CMS_CHECK_ANSWERS: '1', CMS_CHECK_ANSWERS_CACHE: join(tmpdir(), 'cms-answer-checks') },
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
    sequence: { sequencer: EditorBesideSequencer },
    projects: [
      {
        // Pure modules and the app in process (no socket, no child process, no build): `npm run test:unit`.
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 0 } },
      },
      {
        // Listening servers, spawned `cms`, real git and nginx, by feature; the editor in Chromium
        // (test/e2e/editor/) too: a worker keeps one browser for the editor files it runs
        // (editor/helpers/browser.ts), and the sequencer spreads them between the API files, so
        // a browser file runs beside an API file instead of all of them one at a time at the end.
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: [...PROCESS_STATE, '**/node_modules/**'],
          // The editor files drive the built editor (dist-ui/): built when missing or older than ui/.
          globalSetup: [BUILD, 'test/e2e/editor/helpers/global-setup.ts'],
          setupFiles: ['test/e2e/editor/helpers/time-limits.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Files that assert on the process itself (whether Node's async hook is on) get a fresh one:
        // a file before them in a shared worker may have switched the hook on for good (a library's
        // AsyncLocalStorage), which says nothing about the code under test.
        extends: true,
        test: { name: 'e2e-fresh', include: PROCESS_STATE, globalSetup: [BUILD], isolate: true, sequence: { groupOrder: 0 } },
      },
    ],
  },
})
