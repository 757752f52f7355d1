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

/**
 * The operations on an installation's spaces or on its sites: the same five (list, install, get,
 * update, uninstall) for both kinds, which differ only in their words, the path parameter of one
 * target, the field that names it when installing and the entry they answer with.
 */
function targetOperations<
  const T extends {
    kind: string
    /**
     * The operation IDs, written out as the exports' names are (a template would give the same
     * values, but the compiler would meet them last and list them out of order in the API report).
     */
    ids: Record<'list' | 'install' | 'get' | 'update' | 'uninstall', string>
    param: string
    field: string
    entry: z.ZodMiniType
  },
>(target: T) {
  // Typed by T, not destructured: a destructured generic property is typed by its constraint, and
  // each entry must keep its literal types (its ID, path, SDK method, summary and schemas) as a
  // declaration written out would have them; `as const` then gives each text its template type.
  const kind: T['kind'] = target.kind
  const param: T['param'] = target.param
  const { ids, entry } = target
  const list = `${INSTALLATION}/${kind}s` as const
  const one = `${list}/{${param}}` as const
  const params = z.object({ ...installation, [target.param]: Id } as typeof installation & Record<T['param'], typeof Id>)
  return {
    list: defineOperation({
      id: ids.list as T['ids']['list'],
      method: 'GET',
      idempotent: true,
      path: list,
      sdk: `integrations.installations.${kind}s.list` as const,
      status: 200,
      summary: `List the ${kind}s an installation covers` as const,
      params: z.object(installation),
      query: z.object({ ...pagination, ...extended }),
      response: List(entry as T['entry']),
      paginated: true,
    }),
    install: defineOperation({
      id: ids.install as T['ids']['install'],
      method: 'POST',
      idempotent: true,
      path: list,
      sdk: `integrations.installations.${kind}s.create` as const,
      status: 201,
      summary: `Install an integration on a ${kind} of its installation’s organization` as const,
      params: z.object(installation),
      query: z.object(extended),
      body: z.object({ [target.field]: Id } as Record<T['field'], typeof Id>),
      response: entry as T['entry'],
      alsoStatus: [200],
    }),
    get: defineOperation({
      id: ids.get as T['ids']['get'],
      method: 'GET',
      idempotent: true,
      path: one,
      sdk: `integrations.installations.${kind}s.get` as const,
      status: 200,
      summary: `Get an installation on one ${kind}` as const,
      params,
      query: z.object(extended),
      response: entry as T['entry'],
    }),
    update: defineOperation({
      id: ids.update as T['ids']['update'],
      method: 'PATCH',
      idempotent: true,
      path: one,
      sdk: `integrations.installations.${kind}s.update` as const,
      status: 200,
      summary: `Change an installation's configuration or external IDs on one ${kind}` as const,
      params,
      query: z.object(extended),
      body: z.object({ externalIds: z.optional(ExternalIds), configuration: z.optional(Configuration) }),
      response: entry as T['entry'],
    }),
    uninstall: defineOperation({
      id: ids.uninstall as T['ids']['uninstall'],
      method: 'DELETE',
      idempotent: true,
      path: one,
      sdk: `integrations.installations.${kind}s.delete` as const,
      status: 205,
      summary: `Uninstall an integration from one ${kind} (204 when it was not installed there)` as const,
      params,
      alsoStatus: [204],
    }),
  }
}

export const {
  list: listIntegrationInstallationSpaces,
  install: installIntegrationOnSpace,
  get: getIntegrationSpaceInstallation,
  update: updateIntegrationSpaceInstallation,
  uninstall: uninstallIntegrationFromSpace,
} = targetOperations({
  kind: 'space',
  ids: {
    list: 'listIntegrationInstallationSpaces',
    install: 'installIntegrationOnSpace',
    get: 'getIntegrationSpaceInstallation',
    update: 'updateIntegrationSpaceInstallation',
    uninstall: 'uninstallIntegrationFromSpace',
  },
  param: 'spaceId',
  field: 'space',
  entry: SpaceInstallation,
})

export const {
  list: listIntegrationInstallationSites,
  install: installIntegrationOnSite,
  get: getIntegrationSiteInstallation,
  update: updateIntegrationSiteInstallation,
  uninstall: uninstallIntegrationFromSite,
} = targetOperations({
  kind: 'site',
  ids: {
    list: 'listIntegrationInstallationSites',
    install: 'installIntegrationOnSite',
    get: 'getIntegrationSiteInstallation',
    update: 'updateIntegrationSiteInstallation',
    uninstall: 'uninstallIntegrationFromSite',
  },
  param: 'siteId',
  field: 'siteId',
  entry: SiteInstallation,
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
