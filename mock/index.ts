/**
 * The docplat mock: the whole platform, stateful and in memory, for tests, Storybook, dev
 * servers and offline prototyping.
 *
 * @packageDocumentation
 */
export { createMockPlatform, DEFAULT_NOW, isSerializedState, type MockPlatform, type MockPlatformOptions } from './platform.ts'
export type { Builders } from './scenarios/builders.ts'
export type { Scenario } from './scenarios/index.ts'
export type { SerializedState } from './model/state.ts'
export { Clock } from './core/clock.ts'
export { Faults, type FaultSpec, type FaultMatch } from './core/faults.ts'
export { RequestLog, type LoggedRequest } from './core/request-log.ts'
