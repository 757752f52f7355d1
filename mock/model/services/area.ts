import type { Area } from '../hooks.ts'
import { demoServices } from '../../scenarios/demo/services.ts'
import { advanceProcessing } from './openapi-processing.ts'
import { teamDeletedFromProviders } from './saml-providers.ts'

/** What the services area plugs into the shared model: processing on the clock, team cascades, demo data. */
export const servicesArea: Area = {
  name: 'services',
  teamDeleted: teamDeletedFromProviders,
  maintenance: advanceProcessing,
  demo: demoServices,
}
