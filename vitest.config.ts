import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { viteAliases } from './build/aliases.ts'
import WaitingFirst from './test/setup/sequencer.ts'

/**
 * Test files that re-import the library afresh (`vi.resetModules`), found by reading them: they run
 * with modules of their own, since a reset in a worker the node project's files share would leave
 * the files after it with two copies of the library's classes.
 */
const TESTS = fileURLToPath(new URL('./test', import.meta.url))
const NEEDS_FRESH_MODULES = readdirSync(TESTS, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts') && readFileSync(join(TESTS, name), 'utf8').includes('vi.resetModules('))
  .map((name) => `test/${name.split(sep).join('/')}`)

/** Records which operations each test file called, for the coverage project (both node projects). */
const RECORD_OPERATIONS = ['test/setup/record-operations.ts']

export default defineConfig({
  // The tests run the modules the bundles ship (build/aliases.ts).
  // `docplat/mock/node`: what integrations.dev loads by the package's own name (mock/node/dev/load.ts).
  resolve: {
    alias: [
      ...viteAliases,
      { find: /^docplat\/mock\/node$/, replacement: fileURLToPath(new URL('./mock/node/index.ts', import.meta.url)) },
    ],
  },
  test: {
    // Tests wait on events, never on time: a timeout is only the last resort against a hang, far
    // above what any test takes on a loaded 2-core machine (docs/decisions/tooling.md).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A poll waits for its condition until the test's own timeout, not vitest's 1 s default: a
    // slower machine must not fail a test that waits on an event (docs/decisions/tooling.md).
    expect: { poll: { timeout: 600_000 } },
    pool: 'threads',
    // At least three files at a time: vitest's default is one less than the cores, one file on a
    // 2-core machine, where many files mostly wait on a child process (the CLI, a server, a
    // build, a browser) and leave a core idle; with two the cores were still idle a fifth of the time. Memory bounds are measured in the tests' own child
    // processes, so a neighbouring file does not move them (docs/decisions/tooling.md).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // Files that wait on a child process or a browser first, so none runs alone at the end.
    sequence: { sequencer: WaitingFirst },
    // The SDK logs retries and failures at its default level ('warn'); the suite injects many of
    // both, so it runs quiet. Tests of logging set logLevel (or unset this) themselves.
    env: { DOCPLAT_LOG: 'off' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [
            'test/browser/**',
            'test/contract/coverage.test.ts',
            'test/published/replay.test.ts',
            'node_modules/**',
            ...NEEDS_FRESH_MODULES,
          ],
          setupFiles: RECORD_OPERATIONS,
          // The files of a worker share its modules: importing the mock, the contract and their
          // schemas afresh for each of some 200 files was about a sixth of the suite's CPU. The
          // library keeps no module state, and the setup empties what it records per file
          // (docs/decisions/tooling.md).
          isolate: false,
          // Explicit: with one worker vitest puts projects of group 0 last.
          sequence: { groupOrder: 1 },
        },
      },
      // The node project's files that need modules of their own (NEEDS_FRESH_MODULES), if any.
      ...(NEEDS_FRESH_MODULES.length === 0
        ? []
        : [
            {
              extends: true,
              test: {
                name: 'node-isolated',
                include: NEEDS_FRESH_MODULES,
                setupFiles: RECORD_OPERATIONS,
                isolate: true,
                sequence: { groupOrder: 1 },
              },
            },
          ]),
      {
        // Reads what the other projects' tests called and were answered, so it runs after them.
        extends: true,
        test: {
          name: 'coverage',
          include: ['test/contract/coverage.test.ts', 'test/published/replay.test.ts'],
          sequence: { groupOrder: 3 },
        },
      },
      {
        // Real Chromium after Vite and Storybook builds. These files mostly wait (on Chromium, on a
        // build's child process), so they run in the node project's group and workers, beside each
        // other and its files, rather than one at a time after them: alone, they left a core idle
        // (docs/decisions/tooling.md). Their tests wait on events, never on the machine's speed.
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          hookTimeout: 240_000,
          globalSetup: ['test/setup/chromium.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
