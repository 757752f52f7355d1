import * as z from 'zod/mini'
import { IntegrationName } from '../../schemas/integration.ts'

/** Path parameters of everything under an integration. */
export const integration = { integrationName: IntegrationName }
export const INTEGRATION = '/v1/integrations/{integrationName}'

/** The external ID filter of installation lists. */
export const ExternalId = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(256))
