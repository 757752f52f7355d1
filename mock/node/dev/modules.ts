/**
 * Node's modules and the optional peers (esbuild, miniflare), loaded when the dev loop starts.
 * The specifier is a variable on purpose: bundlers then leave the import alone, so the mock's
 * browser and neutral bundles neither carry these nor fail to resolve them, and the peers are
 * never bundled into the package.
 */
export function nodeModule<T>(specifier: string): Promise<T> {
  return import(/* @vite-ignore */ /* webpackIgnore: true */ specifier) as Promise<T>
}

/** An optional peer the dev loop needs is not installed: the message names the install command. */
export class MissingPeerError extends Error {
  override name = 'MissingPeerError'
}

/** The optional peers `dev` needs, as the platform's own CLI installs them. */
export const DEV_PEERS = ['esbuild', 'miniflare'] as const

/**
 * Loads an optional peer, or throws a {@link MissingPeerError} naming the command that installs
 * both (a missing one is usually not alone).
 */
export async function peer<T>(name: (typeof DEV_PEERS)[number]): Promise<T> {
  try {
    return await nodeModule<T>(name)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND' && !/Cannot find (module|package)/.test(String(error))) throw error
    throw new MissingPeerError(
      `docplat-mock dev needs ${name}, an optional peer of docplat that is not installed: npm install --save-dev ${DEV_PEERS.join(' ')}`,
    )
  }
}
