import { nodeModule } from './modules.ts'

/** The endpoint the platform's CLI uses when none is configured: the live service, never the mock. */
export const CLI_DEFAULT_ENDPOINT = 'https://api.gitbook.com'

/** What the platform's CLI stored with `gitbook auth`, or found in its environment variables. */
export interface CliAuth {
  endpoint: string
  token: string
}

/**
 * Where `gitbook auth` keeps its endpoint and token: the `conf` store of project `gitbook`
 * (`env-paths` with its `nodejs` suffix), so the same file on each system as the CLI reads.
 */
export async function cliConfigPath(env: Readonly<Record<string, string | undefined>>, platform: string): Promise<string> {
  const { join } = await nodeModule<typeof import('node:path')>('node:path')
  const { homedir } = await nodeModule<typeof import('node:os')>('node:os')
  const home = env.HOME || homedir()
  const name = 'gitbook-nodejs'
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', name, 'config.json')
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), name, 'Config', 'config.json')
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), name, 'config.json')
}

/**
 * The CLI's credentials as it resolves them: `GITBOOK_TOKEN` (with `GITBOOK_ENDPOINT`) first,
 * then the default environment of its config file, then the file's older top-level fields.
 * `undefined` when none is set.
 */
export async function readCliAuth(env: Readonly<Record<string, string | undefined>>, platform: string): Promise<CliAuth | undefined> {
  if (env.GITBOOK_TOKEN) return { endpoint: env.GITBOOK_ENDPOINT || CLI_DEFAULT_ENDPOINT, token: env.GITBOOK_TOKEN }
  const { readFile } = await nodeModule<typeof import('node:fs/promises')>('node:fs/promises')
  let stored: { endpoint?: unknown; token?: unknown; envs?: { default?: { endpoint?: unknown; token?: unknown } } }
  try {
    stored = JSON.parse(await readFile(await cliConfigPath(env, platform), 'utf8'))
  } catch {
    return undefined
  }
  for (const entry of [stored?.envs?.default, stored]) {
    if (entry && typeof entry.token === 'string' && entry.token !== '')
      return { endpoint: typeof entry.endpoint === 'string' ? entry.endpoint : CLI_DEFAULT_ENDPOINT, token: entry.token }
  }
  return undefined
}
