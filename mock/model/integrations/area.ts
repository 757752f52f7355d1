import type { Area } from '../hooks.ts'
import { demoIntegrations } from '../../scenarios/demo/integrations.ts'
import { dropTarget } from './targets.ts'

/**
 * What the integrations area plugs into the shared model: installations forget the spaces that
 * leave their organization, and the demo data.
 */
export const integrationsArea: Area = {
  name: 'integrations',
  spacePurged: (state, space) => dropTarget(state, space.organization, 'space', space.id),
  spaceTransferred: (state, space, fromOrganization) => dropTarget(state, fromOrganization, 'space', space.id),
  demo: demoIntegrations,
}
