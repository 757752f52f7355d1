/**
 * The docplat mock over real HTTP, for Node: {@link startMockServer} serves a platform from
 * `docplat/mock` on a port, and the state-file helpers keep its state across restarts (what the
 * `docplat-mock serve --state` CLI does).
 *
 * @packageDocumentation
 */
export { startMockServer, DEFAULT_TIMEOUTS, type MockServer, type MockServerOptions, type MockServerTimeouts } from './server.ts'
export {
  createStateSaver,
  loadStateFile,
  saveStateFile,
  StateFileError,
  type Persistable,
  type StateSaver,
  type StateSaverOptions,
} from './state-file.ts'
