import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 20_000,
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: ['test/browser/**', 'node_modules/**'] },
      },
      {
        // Real Chromium after Vite and Storybook builds: run after the other tests and one file at
        // a time, so the builds and the browser never compete with the rest for the two cores.
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
