import * as z from 'zod/mini'
import { IntegrationName } from '../../schemas/integration.ts'

/** Path parameters of everything under an integration. */
export const integration = { integrationName: IntegrationName }
export const INTEGRATION = '/v1/integrations/{integrationName}'

/** The external ID filter of installation lists. */
export const ExternalId = z.string().check(z.minLength(1), z.maxLength(256))
