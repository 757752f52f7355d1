import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Inside the docplat repository (its package.json two folders up), not in your project. */
function insideDocplatRepository(): boolean {
  try {
    return JSON.parse(readFileSync(here('../../package.json'), 'utf8')).name === 'docplat'
  } catch {
    return false
  }
}

export default defineConfig({
  root: here('.'),
  // Only inside the docplat repository: resolve the package to its sources, so the example runs
  // without a build. Copied into your project, the installed `docplat` is used.
  ...(insideDocplatRepository()
    ? {
        resolve: {
          alias: [
            { find: /^docplat$/, replacement: here('../../src/index.ts') },
            { find: /^docplat\/mock$/, replacement: here('../../mock/index.ts') },
          ],
        },
      }
    : {}),
  test: {
    include: ['**/*.test.ts'],
    // One mock server and one browser for the whole run; each test gets its own platform on it.
    globalSetup: ['global-setup.ts'],
    // Four files at once, as a team's end-to-end suite runs: parallel/ proves they never cross.
    maxWorkers: 4,
    fileParallelism: true,
    testTimeout: 150_000,
    // `expect.poll` waits until the test's own timeout, not 1 s: a loaded CI machine is slower.
    expect: { poll: { timeout: 150_000 } },
    hookTimeout: 120_000,
  },
})
