import type { SiteRecord } from '../../tables/sites.ts'
import type { SpaceRecord } from '../../tables/spaces.ts'
import type { State } from '../state.ts'
import { defaultsOf } from './configuration.ts'
import type { InstallationRecord, IntegrationRecord, TargetSetting } from '../../tables/integrations.ts'

/** A kind of content an installation covers. */
export type TargetKind = 'space' | 'site'

/** Whether the integration's target lets installations cover this kind of content. */
export function targetAllows(integration: IntegrationRecord, kind: TargetKind): boolean {
  return integration.target === 'all' || integration.target === kind
}

/** The per-target settings list of an installation for a kind. */
export function settingsOf(installation: InstallationRecord, kind: TargetKind): readonly TargetSetting[] {
  return kind === 'space' ? installation.spaces : installation.sites
}

/** The live spaces an installation covers: all of its organization's, or the selected ones. */
export function coveredSpaces(state: State, integration: IntegrationRecord, installation: InstallationRecord): SpaceRecord[] {
  if (!targetAllows(integration, 'space')) return []
  const live = (s: SpaceRecord | undefined): s is SpaceRecord => !!s && !s.deletedAt && s.organization === installation.organization
  if (installation.spaceSelection === 'all') return state.indexes.spacesByOrg.get(installation.organization).filter(live)
  return installation.spaces.map((s) => state.tables.spaces.get(s.id)).filter(live)
}

/** The sites an installation covers: all of its organization's, or the selected ones. */
export function coveredSites(state: State, integration: IntegrationRecord, installation: InstallationRecord): SiteRecord[] {
  if (!targetAllows(integration, 'site')) return []
  if (installation.siteSelection === 'all') return [...state.indexes.sitesByOrg.get(installation.organization)]
  return installation.sites
    .map((s) => state.tables.sites.get(s.id))
    .filter((s): s is SiteRecord => !!s && s.organization === installation.organization)
}

/** An installation's settings on one space or site: its own, else the defaults of the form. */
export function settingFor(integration: IntegrationRecord, installation: InstallationRecord, kind: TargetKind, id: string): TargetSetting {
  return (
    settingsOf(installation, kind).find((s) => s.id === id) ?? {
      id,
      configuration: defaultsOf(integration.configurations[kind]),
      externalIds: [],
    }
  )
}

/** Whether an installation of the integration covers the space. */
export function coversSpace(state: State, integration: IntegrationRecord, installation: InstallationRecord, spaceId: string): boolean {
  return coveredSpaces(state, integration, installation).some((s) => s.id === spaceId)
}
