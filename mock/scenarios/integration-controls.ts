import { deliverEvents, type DeliveryCapabilities } from '../model/integrations/delivery.ts'
import {
  developmentState,
  emitInstallationEvent,
  updateInstallationById,
  type DevelopmentState,
  type EmittedEvent,
  type InstallationUpdate,
} from '../model/integrations/control.ts'
import type { State } from '../model/state.ts'
import type { Transact } from '../model/transaction.ts'
import { presentEnvironment } from '../present/environment.ts'
import { presentInstallation } from '../present/installation.ts'
import { presentIntegrationEvent } from '../present/integration-event.ts'

export type {
  DevelopmentState,
  EmittedEvent,
  InstallationEventType,
  InstallationUpdate,
  TargetUpdate,
} from '../model/integrations/control.ts'

/**
 * `platform.integrations`: control over integrations the API has no operation for, by
 * installation ID, answering the API's wire objects so a local platform and `connectMockServer`
 * give the same values. Events bound for a development tunnel are delivered as an API call
 * delivers them: a call waits at most a second for the tunnel (its outcome is then in what the
 * call resolves with), a slower delivery goes on in the background until {@link
 * IntegrationControls.settled}. Refused input throws the platform's `HttpError` (a 4xx with the
 * field named) and changes nothing.
 */
export interface IntegrationControls {
  /**
   * Resolves once every development-mode delivery started so far has settled (its event is
   * `success` or `failed`): an API call, a call of these controls or a builder waits for a slow
   * tunnel at most a second, and deliveries go on in the background, each with its own 10 s deadline. See docs/integrations.md.
   */
  settled(): Promise<void>
  /**
   * Changes an installation: `status`, `configuration` (the whole account configuration, checked
   * against the integration's account form), `externalIds`, `spaceSelection`, `siteSelection`, and
   * `spaces` / `sites`: settings of each listed space (site), which a `selected` installation
   * then covers. Records the events the change causes (`installation_setup`,
   * `space_installation_setup`, `site_installation_setup`). Resolves with the installation.
   */
  updateInstallation(installationId: string, update: InstallationUpdate): Promise<ReturnType<typeof presentInstallation>>
  /**
   * Emits an event of a type the mock records (`installation_setup`, `space_installation_setup`
   * with `spaceId`, `site_installation_setup` with `siteId`, a space or site the installation
   * covers) with the installation's current status, delivered like any other. Resolves with the
   * event as the API lists it: `success` or `failed` once its tunnel answered within a second,
   * `pending` while a slower delivery goes on (`settled()` waits for it).
   */
  emitEvent(installationId: string, event: EmittedEvent): Promise<ReturnType<typeof presentIntegrationEvent>>
  /** Whether development mode is on for the integration and, if so, its tunnel and whether it takes `all` organizations' events. */
  development(integrationName: string): Promise<DevelopmentState>
}

/**
 * `transact` runs each change as one transaction under the state lock (a refused or failed change
 * changes nothing, and none lands inside a request's); deliveries go after it, outside the lock.
 */
export function createIntegrationControls(
  transact: Transact,
  state: () => State,
  delivery: DeliveryCapabilities,
): Omit<IntegrationControls, 'settled'> {
  return {
    async updateInstallation(installationId, update) {
      const { integration, installation, events } = await transact((s) => updateInstallationById(s, installationId, update))
      const s = state()
      await deliverEvents(s, events, delivery, presentEnvironment)
      return presentInstallation(s, integration, s.tables.integrationInstallations.get(installation.id) ?? installation)
    },
    async emitEvent(installationId, event) {
      const { events } = await transact((s) => emitInstallationEvent(s, installationId, event))
      const s = state()
      const recorded = events[0]!
      await deliverEvents(s, [recorded], delivery, presentEnvironment)
      return presentIntegrationEvent(s, s.tables.integrationEvents.get(recorded.id) ?? recorded)
    },
    development(integrationName) {
      // An unknown integration is a rejection, as from the other methods, never a throw.
      try {
        return Promise.resolve(developmentState(state(), integrationName))
      } catch (error) {
        return Promise.reject(error)
      }
    },
  }
}
