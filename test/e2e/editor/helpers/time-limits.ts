import { expect, vi } from 'vitest'

/**
 * The editor files run in the e2e project (vitest.config.ts), whose tests get 30 s: a browser test
 * keeps the 60 s it had in a project of its own. A setup file runs before each test file is
 * collected, and vitest resets the config after each file.
 */
if (expect.getState().testPath?.includes('/test/e2e/editor/')) vi.setConfig({ testTimeout: 60_000 })
