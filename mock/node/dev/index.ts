export {
  startIntegrationDev,
  type DevDelivery,
  type DevEvents,
  type DevRebuild,
  type DevTarget,
  type IntegrationDev,
  type IntegrationDevHandle,
  type IntegrationDevOptions,
} from './loop.ts'
export { ManifestError, MANIFEST_FILE, readManifest, resolveManifestPath, type IntegrationManifest } from './manifest.ts'
export { MissingPeerError } from './modules.ts'
export { CLI_DEFAULT_ENDPOINT, cliConfigPath, readCliAuth, type CliAuth } from './auth.ts'
