/**
 * How `platform.integrations.dev` and `connectMockServer(url).integrations.dev` reach the dev loop:
 * through the package's Node entry, by a specifier no bundler follows. The loop drives esbuild and
 * workerd, which only Node runs, so a browser or Storybook bundle of the mock must not carry it
 * (nor a chunk of it): imported by path, a bundler would make it a chunk of every app.
 */
import type { startIntegrationDev } from './loop.ts'

/** The part of `docplat/mock/node` the dev loop is reached through. */
interface NodeEntry {
  startIntegrationDev: typeof startIntegrationDev
}

/** `docplat/mock/node`, spelled so that bundlers leave the import alone. */
const NODE_ENTRY = ['docplat', 'mock', 'node'].join('/')

/** The dev loop's start, from `docplat/mock/node`; outside Node, an error saying where it runs. */
export async function loadDevLoop(): Promise<typeof startIntegrationDev> {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node
  if (node === undefined) {
    throw new Error('integrations.dev runs in Node: it bundles the integration with esbuild and serves it in workerd (miniflare)')
  }
  const entry = (await import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_ENTRY)) as NodeEntry
  return entry.startIntegrationDev
}
