import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/html-vite'

const config: StorybookConfig = {
  framework: '@storybook/html-vite',
  stories: ['../src/**/*.stories.ts'],
  // MSW's worker script, copied there by `npx msw init examples/storybook/public`.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // Only inside the docplat repository: resolve the package to its sources, so the example
  // runs without a build. In your project `docplat` is installed; drop this function.
  viteFinal: (vite) => {
    const source = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url))
    vite.resolve ??= {}
    vite.resolve.alias = [
      ...(Array.isArray(vite.resolve.alias)
        ? vite.resolve.alias
        : Object.entries(vite.resolve.alias ?? {}).map(([find, replacement]) => ({ find, replacement }))),
      { find: /^docplat$/, replacement: source('src/index.ts') },
      { find: /^docplat\/mock$/, replacement: source('mock/index.ts') },
      { find: /^docplat\/mock\/browser$/, replacement: source('mock/browser/index.ts') },
    ]
    return vite
  },
}

export default config
