import * as z from 'zod/mini'
import {
  Installation,
  InstallationSelection,
  InstallationToken,
  OrganizationInstallation,
  SiteInstallation,
  SpaceInstallation,
} from '../../schemas/installation.ts'
import { List } from '../../schemas/shared.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { org, ORG } from '../organizations.ts'
import { ExternalId, INTEGRATION, integration } from './common.ts'

// Documented additions (docs/decisions/integrations.md, "Operations integration code calls"): the
// spec lists none of these, the platform's published API description has them all, and an
// integration's own code calls them through `@gitbook/runtime`'s `context.api`. Paths, methods,
// statuses, bodies and operation IDs are the published description's.

const INSTALLATION = `${INTEGRATION}/installations/{installationId}`
const installation = { ...integration, installationId: Id }

/** The published `IntegrationInstallationExternalIds`: at most 5. */
const ExternalIds = z.array(ExternalId).check(z.maxLength(5))
const Configuration = z.record(z.string(), z.unknown())
/** true: each entry holds the full Space or Site; false (default): its ID. */
const extended = { extended: z.optional(z.boolean()) }

export const getIntegrationInstallationById = defineOperation({
  id: 'getIntegrationInstallationById',
  method: 'GET',
  idempotent: true,
  path: INSTALLATION,
  sdk: 'integrations.installations.get',
  status: 200,
  summary: 'Get an installation of an integration',
  params: z.object(installation),
  response: Installation,
})

export const updateIntegrationInstallation = defineOperation({
  id: 'updateIntegrationInstallation',
  method: 'PATCH',
  idempotent: true,
  path: INSTALLATION,
  sdk: 'integrations.installations.update',
  status: 200,
  summary: "Change an installation's configuration, external IDs or space and site selections",
  params: z.object(installation),
  body: z.object({
    externalIds: z.optional(ExternalIds),
    configuration: z.optional(Configuration),
    space_selection: z.optional(InstallationSelection),
    site_selection: z.optional(InstallationSelection),
  }),
  response: Installation,
})

export const uninstallIntegration = defineOperation({
  id: 'uninstallIntegration',
  method: 'DELETE',
  idempotent: true,
  path: INSTALLATION,
  sdk: 'integrations.installations.delete',
  status: 205,
  summary: 'Uninstall an integration from its organization, with its space and site installations and tokens',
  params: z.object(installation),
})

export const createIntegrationInstallationToken = defineOperation({
  id: 'createIntegrationInstallationToken',
  method: 'POST',
  idempotent: false,
  path: `${INSTALLATION}/tokens`,
  sdk: 'integrations.installations.createToken',
  status: 200,
  summary: 'Create an API token that acts as the installation',
  params: z.object(installation),
  response: InstallationToken,
})

export const listIntegrationInstallationSpaces = defineOperation({
  id: 'listIntegrationInstallationSpaces',
  method: 'GET',
  idempotent: true,
  path: `${INSTALLATION}/spaces`,
  sdk: 'integrations.installations.spaces.list',
  status: 200,
  summary: 'List the spaces an installation covers',
  params: z.object(installation),
  query: z.object({ ...pagination, ...extended }),
  response: List(SpaceInstallation),
  paginated: true,
})

export const installIntegrationOnSpace = defineOperation({
  id: 'installIntegrationOnSpace',
  method: 'POST',
  idempotent: true,
  path: `${INSTALLATION}/spaces`,
  sdk: 'integrations.installations.spaces.create',
  status: 201,
  summary: 'Install an integration on a space of its installation’s organization',
  params: z.object(installation),
  query: z.object(extended),
  body: z.object({ space: Id }),
  response: SpaceInstallation,
  alsoStatus: [200],
})

export const getIntegrationSpaceInstallation = defineOperation({
  id: 'getIntegrationSpaceInstallation',
  method: 'GET',
  idempotent: true,
  path: `${INSTALLATION}/spaces/{spaceId}`,
  sdk: 'integrations.installations.spaces.get',
  status: 200,
  summary: 'Get an installation on one space',
  params: z.object({ ...installation, spaceId: Id }),
  query: z.object(extended),
  response: SpaceInstallation,
})

export const updateIntegrationSpaceInstallation = defineOperation({
  id: 'updateIntegrationSpaceInstallation',
  method: 'PATCH',
  idempotent: true,
  path: `${INSTALLATION}/spaces/{spaceId}`,
  sdk: 'integrations.installations.spaces.update',
  status: 200,
  summary: "Change an installation's configuration or external IDs on one space",
  params: z.object({ ...installation, spaceId: Id }),
  query: z.object(extended),
  body: z.object({ externalIds: z.optional(ExternalIds), configuration: z.optional(Configuration) }),
  response: SpaceInstallation,
})

export const uninstallIntegrationFromSpace = defineOperation({
  id: 'uninstallIntegrationFromSpace',
  method: 'DELETE',
  idempotent: true,
  path: `${INSTALLATION}/spaces/{spaceId}`,
  sdk: 'integrations.installations.spaces.delete',
  status: 205,
  summary: 'Uninstall an integration from one space (204 when it was not installed there)',
  params: z.object({ ...installation, spaceId: Id }),
  alsoStatus: [204],
})

export const listIntegrationInstallationSites = defineOperation({
  id: 'listIntegrationInstallationSites',
  method: 'GET',
  idempotent: true,
  path: `${INSTALLATION}/sites`,
  sdk: 'integrations.installations.sites.list',
  status: 200,
  summary: 'List the sites an installation covers',
  params: z.object(installation),
  query: z.object({ ...pagination, ...extended }),
  response: List(SiteInstallation),
  paginated: true,
})

export const installIntegrationOnSite = defineOperation({
  id: 'installIntegrationOnSite',
  method: 'POST',
  idempotent: true,
  path: `${INSTALLATION}/sites`,
  sdk: 'integrations.installations.sites.create',
  status: 201,
  summary: 'Install an integration on a site of its installation’s organization',
  params: z.object(installation),
  query: z.object(extended),
  body: z.object({ siteId: Id }),
  response: SiteInstallation,
  alsoStatus: [200],
})

export const getIntegrationSiteInstallation = defineOperation({
  id: 'getIntegrationSiteInstallation',
  method: 'GET',
  idempotent: true,
  path: `${INSTALLATION}/sites/{siteId}`,
  sdk: 'integrations.installations.sites.get',
  status: 200,
  summary: 'Get an installation on one site',
  params: z.object({ ...installation, siteId: Id }),
  query: z.object(extended),
  response: SiteInstallation,
})

export const updateIntegrationSiteInstallation = defineOperation({
  id: 'updateIntegrationSiteInstallation',
  method: 'PATCH',
  idempotent: true,
  path: `${INSTALLATION}/sites/{siteId}`,
  sdk: 'integrations.installations.sites.update',
  status: 200,
  summary: "Change an installation's configuration or external IDs on one site",
  params: z.object({ ...installation, siteId: Id }),
  query: z.object(extended),
  body: z.object({ externalIds: z.optional(ExternalIds), configuration: z.optional(Configuration) }),
  response: SiteInstallation,
})

export const uninstallIntegrationFromSite = defineOperation({
  id: 'uninstallIntegrationFromSite',
  method: 'DELETE',
  idempotent: true,
  path: `${INSTALLATION}/sites/{siteId}`,
  sdk: 'integrations.installations.sites.delete',
  status: 205,
  summary: 'Uninstall an integration from one site (204 when it was not installed there)',
  params: z.object({ ...installation, siteId: Id }),
  alsoStatus: [204],
})

export const listOrganizationInstallations = defineOperation({
  id: 'listOrganizationInstallations',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/installations`,
  sdk: 'orgs.installations.list',
  status: 200,
  summary: "List an organization's installations with their integrations, oldest first",
  params: z.object(org),
  query: z.object({
    ...pagination,
    /** Keeps installations whose integration's name contains it (case-insensitive). */
    search: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  }),
  response: List(OrganizationInstallation),
  paginated: true,
})

export const queueIntegrationTask = defineOperation({
  id: 'queueIntegrationTask',
  method: 'POST',
  idempotent: false,
  path: `${INTEGRATION}/tasks`,
  sdk: 'integrations.tasks.queue',
  status: 204,
  summary: 'Queue a task: a `task` event delivered to the integration',
  params: z.object(integration),
  body: z.object({
    task: Configuration,
    /** Seconds to wait before running the task, 0 to 86,400 (the mock delivers at once). */
    schedule: z.optional(z.number().check(z.gte(0), z.lte(86_400))),
  }),
})
