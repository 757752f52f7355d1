/**
 * The docplat mock over real HTTP, for Node: {@link startMockServer} serves a platform from
 * `docplat/mock` on a port, and the state-file helpers keep its state across restarts (what the
 * `docplat-mock serve --state` CLI does). {@link capture} copies a live organization into such a
 * state (what `docplat-mock capture` does).
 *
 * @packageDocumentation
 * @module docplat/mock/node
 */
export {
  startMockServer,
  DEFAULT_TIMEOUTS,
  type MockServer,
  type MockServerOptions,
  type MockServerTimeouts,
  type MockServerPlatforms,
} from '../http/server.ts'
export type { ControlPlaneOptions } from '../control/plane.ts'
export { localControl, type LocalControlOptions } from '../control/local.ts'
export { startIntegrationDev, type DevTarget } from './dev/loop.ts'
export type { PlatformPolicy } from '../host/platforms.ts'
export type { RequestSummary } from '../http/access-log.ts'
export {
  createStateSaver,
  loadStateFile,
  saveStateFile,
  StateFileError,
  type Persistable,
  type StateSaver,
  type StateSaverOptions,
} from './state-file.ts'
export {
  capture,
  CaptureError,
  streamProgress,
  type CaptureOptions,
  type CaptureResult,
  type CaptureSummary,
  type CapturedToken,
  type Placeholder,
  type Progress,
  type ProgressStream,
  type Skipped,
} from './capture/index.ts'
