import { parseYAMLSteps } from '../../tables/libraries/yaml.ts'
import { nodeModule } from './modules.ts'

/** The manifest's file name, as the platform's CLI looks for it in a folder. */
export const MANIFEST_FILE = 'gitbook-manifest.yaml'

/**
 * An integration's manifest (`gitbook-manifest.yaml`) as the platform's CLI reads it: the fields
 * `dev` needs are checked, the others passed on to `publish` as written.
 */
export interface IntegrationManifest {
  name: string
  title: string
  /** The script, relative to the manifest's folder. */
  script: string
  /** The ID or subdomain of the organization that owns the integration (what the API's `PublishIntegration.organization` takes). */
  organization: string
  description?: string
  visibility?: string
  secrets?: Record<string, string>
  [field: string]: unknown
}

/** The manifest was not found or does not describe an integration; the message names the file and field. */
export class ManifestError extends Error {
  override name = 'ManifestError'
}

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i

/** The manifest's path: `path` itself when it is a file, `path/gitbook-manifest.yaml` when a folder. */
export async function resolveManifestPath(path: string): Promise<string> {
  const { stat } = await nodeModule<typeof import('node:fs/promises')>('node:fs/promises')
  const { join } = await nodeModule<typeof import('node:path')>('node:path')
  const kind = await stat(path).then(
    (s) => (s.isDirectory() ? 'directory' : 'file'),
    () => undefined,
  )
  if (kind === 'file') return path
  if (kind === 'directory') return resolveManifestPath(join(path, MANIFEST_FILE))
  throw new ManifestError(`Manifest file not found: ${path}`)
}

/**
 * Reads and checks a manifest as the CLI does: YAML, the environment's `envs.<env>` merged over
 * the top level (`env` is the CLI's `GITBOOK_ENV`-less default, `default`), and `${{ env.NAME }}`
 * in secrets replaced from `variables`. A secret's value never appears in an error.
 */
export async function readManifest(path: string, variables: Readonly<Record<string, string | undefined>>): Promise<IntegrationManifest> {
  const { readFile } = await nodeModule<typeof import('node:fs/promises')>('node:fs/promises')
  let doc: unknown
  try {
    const steps = parseYAMLSteps(await readFile(path, 'utf8'))
    let step = steps.next()
    while (!step.done) step = steps.next()
    doc = step.value
  } catch (error) {
    throw new ManifestError(`Failed to read integration spec from ${path}: ${(error as Error).message}`)
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new ManifestError(`${path}: not a YAML mapping`)
  const manifest = { ...(doc as Record<string, unknown>) }
  const envs = manifest.envs as Record<string, Record<string, unknown>> | undefined
  if (envs && typeof envs === 'object' && envs.default && typeof envs.default === 'object') Object.assign(manifest, envs.default)
  for (const field of ['name', 'title', 'script', 'organization'] as const) {
    if (typeof manifest[field] !== 'string' || manifest[field] === '') throw new ManifestError(`${path}: "${field}" is required (a string)`)
  }
  if (!NAME.test(manifest.name as string))
    throw new ManifestError(
      `${path}: "name" must begin with an alphanumeric character and only contain alphanumeric characters and hyphens`,
    )
  if (manifest.secrets !== undefined) manifest.secrets = interpolateSecrets(path, manifest.secrets, variables)
  return manifest as IntegrationManifest
}

function interpolateSecrets(
  path: string,
  secrets: unknown,
  variables: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  if (typeof secrets !== 'object' || secrets === null || Array.isArray(secrets))
    throw new ManifestError(`${path}: "secrets" must be a mapping`)
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(secrets)) {
    if (typeof value !== 'string') throw new ManifestError(`${path}: "secrets.${key}" must be a string`)
    out[key] = value.replace(/\${{\s*env.([\S]+)\s*}}/g, (_, name: string) => {
      const found = variables[name]
      if (!found) throw new ManifestError(`Missing environment variable: "${name}" used for secret "${key}"`)
      return found
    })
  }
  return out
}
