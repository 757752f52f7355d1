/**
 * The docplat mock: the whole platform, stateful and in memory, for tests, Storybook, dev
 * servers and offline prototyping.
 *
 * @packageDocumentation
 * @module docplat/mock
 */
export {
  createMockPlatform,
  type MockPlatform,
  type MockPlatformOptions,
  type MockTokens,
} from './platform.ts'
export type { Builders } from './scenarios/builders.ts'
export type { Scenario, ScenarioName, DemoTokenName } from './scenarios/index.ts'
export type { SerializedState } from './model/state.ts'
export type { ChangeLog, ChangeEntry, TableChanges, TakenChanges } from './model/changes.ts'
export type { Clock } from './base/clock.ts'
export type { PlainHandler, PlainRequest, PlainAnswer } from './core.ts'
export type { Faults, FaultSpec, FaultMatch, Latency, Duration } from './base/faults.ts'
export type {
  RequestLog,
  LoggedRequest,
  RequestLogOptions,
  NearMiss,
  NearMissReason,
  ClosestOperation,
  InjectedFault,
} from './base/request-log.ts'
export {
  VerificationError,
  UnmatchedRequestError,
  type RequestExpectation,
  type OrderedStep,
  type UnmatchedRequest,
} from './verify/verify.ts'
export { ByteBudget } from './base/byte-budget.ts'
export { sharedStart, type SharedStart } from './scenarios/shared-start.ts'
export type { Tables } from './tables/db.ts'
export type { NewOrganization } from './model/orgs/organizations.ts'
export type { NewCollection } from './model/spaces/collections.ts'
export type { NewSpace } from './model/spaces/spaces.ts'
export type { BuiltContent, BuildContent, BuildPage, ContentWhere } from './model/content/build.ts'
export type { NewPage } from './model/content/pages.ts'
export type { NewFile } from './model/content/files.ts'
export type { SeedComment, SeedReply } from './model/comments/seed.ts'
export type { NewSite } from './model/sites/sites.ts'
export type { NewSection } from './model/sites/sections.ts'
export type { NewSectionGroup } from './model/sites/groups.ts'
export type { NewSiteSpace } from './model/sites/site-spaces.ts'
export type { NewOpenAPISpec, NewSAMLProvider } from './model/services/builders.ts'
export type { SourceErrorCode } from './model/services/openapi-source.ts'
export type { NewIntegration, InstallationRef } from './model/integrations/builders.ts'
export type { Manifest as IntegrationManifest } from './model/integrations/publish.ts'
export type { InstallationChanges } from './model/integrations/installations.ts'
export type {
  IntegrationControls,
  InstallationUpdate,
  TargetUpdate,
  EmittedEvent,
  DevelopmentState,
  InstallationEventType,
} from './scenarios/integration-controls.ts'
export type { PublishBody as IntegrationPublishBody } from '../src/schemas/integration-input.ts'
export type {
  IntegrationDev,
  IntegrationDevHandle,
  IntegrationDevOptions,
  DevDelivery,
  DevEvents,
  DevRebuild,
} from './node/dev/loop.ts'
export {
  connectMockServer,
  ControlPlaneError,
  type ConnectOptions,
  type MockServerHealth,
  type RemoteClock,
  type RemoteFaults,
  type RemoteMockPlatform,
  type RemoteRequestLog,
  type RequestFilter,
  type NewPlatformOptions,
  type HostedPlatformInfo,
  type RemoteHostedPlatform,
  type RemotePlatforms,
} from './remote/connect.ts'
export type { Control, ControlInput } from './control/routes.ts'
