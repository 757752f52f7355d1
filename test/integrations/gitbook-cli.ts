import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The platform's own integration CLI, as the tests run it. */
export const CLI_VERSION = '0.25.1'

const CACHE = fileURLToPath(new URL('../../node_modules/.cache/docplat-tools/', import.meta.url))
const CLI_HOME = join(CACHE, `gitbook-cli-${CLI_VERSION}`)
const entryIn = (home: string) => join(home, 'node_modules', '@gitbook', 'cli', 'cli.js')

/**
 * The CLI's entry point, installed from npm on first use (`npm install --ignore-scripts`: its
 * postinstall fetches a tunnel binary from the internet). Test files run in parallel: each
 * installs into a folder of its own and renames it into place, so none reads a half-written
 * install and the first rename wins.
 */
export async function installCli(): Promise<string> {
  if (existsSync(entryIn(CLI_HOME))) return entryIn(CLI_HOME)
  await mkdir(CACHE, { recursive: true })
  const staging = await mkdtemp(join(CACHE, `gitbook-cli-${CLI_VERSION}-`))
  try {
    await writeFile(join(staging, 'package.json'), '{ "private": true }\n')
    const run = spawnSync(
      'npm',
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--prefix', staging, `@gitbook/cli@${CLI_VERSION}`],
      { encoding: 'utf8', shell: process.platform === 'win32' },
    )
    if (run.status !== 0 || !existsSync(entryIn(staging))) throw new Error(`npm install @gitbook/cli@${CLI_VERSION} failed:\n${run.stderr}`)
    // Another file's install may have landed meanwhile: then it is the one used.
    await rename(staging, CLI_HOME).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(entryIn(CLI_HOME))) throw error
    })
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  return entryIn(CLI_HOME)
}
