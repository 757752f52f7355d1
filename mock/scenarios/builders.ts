import type { Role } from '../../src/schemas/shared.ts'
import { insert, type State } from '../model/state.ts'
import { addMember, createUser, issueToken } from '../model/orgs/members.ts'
import { createInvite, createOrganization, type NewOrganization } from '../model/orgs/organizations.ts'
import { addTeamMember, createTeam } from '../model/orgs/teams.ts'
import { createCollection, type NewCollection } from '../model/spaces/collections.ts'
import { createChangeRequest, createSpace } from '../model/cascades.ts'
import { deleteSpace, type NewSpace } from '../model/spaces/spaces.ts'
import type { ChangeRequestRecord, GrantRecord } from '../tables/spaces.ts'
import { buildContent, buildFile, buildPage, buildReviewRequest, deletePage, editPage } from '../model/content/build.ts'
import { markUrl } from '../model/content/broken-urls.ts'
import { seedComment, seedReply, type SeedComment, type SeedReply } from '../model/comments/seed.ts'
import { buildOpenAPISpec, buildSAMLProvider, type NewOpenAPISpec, type NewSAMLProvider } from '../model/services/builders.ts'
import { createTranslation } from '../model/services/translations.ts'
import { buildRedirect, buildSection, buildSectionGroup, buildShareLink, buildSiteSpace } from '../model/sites/builders.ts'
import { createSite, type NewSite } from '../model/sites/sites.ts'
import { deliverEvents, type DeliveryCapabilities } from '../model/integrations/delivery.ts'
import {
  buildInstallation,
  buildInstallationTarget,
  buildIntegration,
  updateInstallation,
  type Built,
} from '../model/integrations/builders.ts'
import type { Transact } from '../model/transaction.ts'
import { presentEnvironment } from '../present/environment.ts'

/**
 * The control API: set up exactly the state a test needs, a line per thing. Builders write
 * through the model (the same rules as the API, without a caller's permissions), each call one
 * transaction under the state lock (`transact`): a builder that throws changes nothing, and none
 * writes into a request's transaction. `delivery` is how the platform delivers integration events
 * (its outbound fetch, its state lock, its background work): builders that record events deliver
 * them as the API does while development mode is on, once their write is kept.
 */
export function createBuilders(
  transact: Transact,
  state: () => State,
  tokens: Record<string, string>,
  tokenFor: (name: string) => string,
  delivery?: DeliveryCapabilities,
) {
  /** Delivers what an integrations builder recorded, outside the lock, and resolves with what it made. */
  const delivered = async <T>(built: Built<T>): Promise<T> => {
    if (delivery) await deliverEvents(state(), built.events, delivery, presentEnvironment)
    return built.value
  }
  /** `organization`, once it is known to be one: a member of no organization is a state the platform never has. */
  const known = (s: State, organization: string): string => {
    if (!s.tables.organizations.get(organization)) throw new Error(`No organization ${organization}`)
    return organization
  }
  return {
    /** An organization. */
    organization: (values: NewOrganization) => transact((s) => createOrganization(s, values)),

    /**
     * A user with an API token, optionally a member of an organization (`role: null` for a guest).
     * With `tokenName`, the token is also listed in `platform.tokens` under that name.
     */
    async user(
      values: {
        displayName?: string | undefined
        email?: string | undefined
        organization?: string | undefined
        role?: Role | null | undefined
        tokenName?: string | undefined
      } = {},
    ) {
      const made = await transact((s) => {
        const n = s.tables.users.size + 1
        const displayName = values.displayName ?? `User ${n}`
        const user = createUser(s, {
          displayName,
          email: values.email ?? `${displayName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
        })
        const token = issueToken(s, user.id, values.tokenName ?? 'default', values.tokenName ? tokenFor(values.tokenName) : undefined)
        const member =
          values.organization !== undefined
            ? addMember(s, known(s, values.organization), user.id, values.role === undefined ? 'read' : values.role)
            : undefined
        // No `member` key without a membership, as the control plane's JSON answers it.
        return { user, token: token.id, ...(member ? { member } : {}) }
      })
      // Named once the user is kept: a refused builder leaves `platform.tokens` as it was, and so
      // does one whose state a reset or restore replaced before it could name the token.
      if (values.tokenName && state().tables.tokens.get(made.token)) tokens[values.tokenName] = made.token
      return made
    },

    /** Adds an existing user to an organization. */
    member: (organization: string, user: string, role: Role | null) =>
      transact((s) => {
        if (!s.tables.users.get(user)) throw new Error(`No user ${user}`)
        return addMember(s, known(s, organization), user, role)
      }),

    /** A team; `owner` manages it. */
    team: (values: { organization: string; title: string; members?: string[] | undefined; owner?: string | undefined }) =>
      transact((s) => createTeam(s, values.organization, values.title, values.members ?? [], values.owner)),

    teamMember: (team: string, user: string, role: 'owner' | 'member' = 'member') =>
      transact((s) => addTeamMember(s, s.tables.teams.get(team)!, user, role)),

    /** A collection, at the end of its parent. */
    collection: (values: NewCollection) => transact((s) => createCollection(s, values)),

    /** A space, at the end of its parent; `deleted: true` soft-deletes it at once. */
    space: (values: NewSpace & { deleted?: boolean | undefined }) =>
      transact((s) => {
        const space = createSpace(s, values)
        if (values.deleted) deleteSpace(s, space)
        return space
      }),

    /** An explicit permission for a user or team on a space or collection. */
    grant: (values: { target: string; principal: string; role: Role }): Promise<GrantRecord> =>
      transact((s) => {
        const space = s.tables.spaces.get(values.target)
        const target = space ?? s.tables.collections.get(values.target)
        if (!target) throw new Error(`No space or collection ${values.target}`)
        const team = s.tables.teams.get(values.principal)
        return insert(s, s.tables.grants, {
          organization: target.organization,
          target: target.id,
          targetKind: space ? 'space' : 'collection',
          principal: values.principal,
          principalKind: team ? 'team' : 'user',
          role: values.role,
        })
      }),

    /** A change request on a space (numbered from 1 within the space). */
    changeRequest: (values: {
      space: string
      createdBy: string
      subject?: string | undefined
      status?: ChangeRequestRecord['status'] | undefined
    }) =>
      transact((s) => {
        const space = s.tables.spaces.get(values.space)
        if (!space) throw new Error(`No space ${values.space}`)
        return createChangeRequest(s, space, values)
      }),

    /** An invite link into an organization. */
    invite: (organization: string, role: Role | null = 'read') => transact((s) => createInvite(s, organization, role)),

    /** A page in a space's live content (`space`) or a change request's (`changeRequest`); nest it with `parent` (a page ID). */
    page: (values: Parameters<typeof buildPage>[1]) => transact((s) => buildPage(s, values)),

    /** Edits a page (`page` ID) in place: title, markdown, slug... */
    editPage: (values: Parameters<typeof editPage>[1]) => transact((s) => editPage(s, values)),

    /** Removes a page (`page` ID) and the pages under it. */
    removePage: (values: Parameters<typeof deletePage>[1]) => transact((s) => deletePage(s, values)),

    /** A file (content type from the name's extension unless given). */
    file: (values: Parameters<typeof buildFile>[1]) => transact((s) => buildFile(s, values)),

    /** Whole content at once, in the import fixture format: `{ space | changeRequest, pages: [{ title, markdown, pages }], files, variables }`. */
    content: (values: Parameters<typeof buildContent>[1]) => transact((s) => buildContent(s, values)),

    /** Marks an external URL as broken for the link checker (`false` makes it fine again). */
    brokenUrl: (url: string, broken = true) => transact((s) => markUrl(s, url, broken)),

    /** A review requested from a member on a change request. */
    reviewer: (values: Parameters<typeof buildReviewRequest>[1]) => transact((s) => buildReviewRequest(s, values)),

    /** A comment on a space or (with `changeRequest`) a change request, with optional reactions and resolution. */
    comment: async (values: SeedComment) => {
      // Anchoring to a page or a block reads the page's blocks: the markdown library (loaded on first need).
      // Loaded before the lock, as a request's libraries are: a first load never holds up requests.
      if (values.page !== undefined || values.node !== undefined) await state().libraries.load(['markdown'])
      return transact((s) => seedComment(s, values))
    },

    /** A reply to a comment, with optional reactions. */
    commentReply: (values: SeedReply) => transact((s) => seedReply(s, values)),

    /** Translation settings of an organization. */
    translation: (values: { organization: string; title: string; languages?: string[] | undefined }) =>
      transact((s) => createTranslation(s, values.organization, values)),

    /** An OpenAPI specification, already processed unless `processed: false` (`content` or `errorCode` choose the outcome). */
    openAPISpec: async (values: NewOpenAPISpec) => {
      if (typeof values.content === 'string' && !values.errorCode) await state().libraries.load(['yaml'])
      return transact((s) => buildOpenAPISpec(s, values))
    },

    /** A SAML provider; every field but the organization has a working default (a generated certificate included). */
    samlProvider: (values: NewSAMLProvider) => transact((s) => buildSAMLProvider(s, values)),

    /** A site (empty: add sections or site spaces); `admins` administer it without being organization admins. */
    site: (values: NewSite) => transact((s) => createSite(s, values)),

    /** A section of a site, publishing `space` as its first (default) site space. */
    section: (values: Parameters<typeof buildSection>[1]) => transact((s) => buildSection(s, values)),

    /** A section group, optionally grouping ungrouped sections of the site. */
    sectionGroup: (values: Parameters<typeof buildSectionGroup>[1]) => transact((s) => buildSectionGroup(s, values)),

    /** A space published in a section (default: the site's default section, or its root without sections). */
    siteSpace: (values: Parameters<typeof buildSiteSpace>[1]) => transact((s) => buildSiteSpace(s, values)),

    /** A redirect from a path of a site to one of its sections. */
    redirect: (values: Parameters<typeof buildRedirect>[1]) => transact((s) => buildRedirect(s, values)),

    /** A share link of a site (active unless `active: false`), with a new secret key. */
    shareLink: (values: Parameters<typeof buildShareLink>[1]) => transact((s) => buildShareLink(s, values)),

    /** An integration published by an organization (a new version when it already has the name); the title defaults to the name. */
    integration: (values: Parameters<typeof buildIntegration>[1]) => transact((s) => buildIntegration(s, values)).then(delivered),

    /** An installation of an integration in an organization (its `installation_setup` event included), optionally changed at once. */
    installation: (values: Parameters<typeof buildInstallation>[1]) => transact((s) => buildInstallation(s, values)).then(delivered),

    /** Changes an installation's status, configuration, external IDs or selections (a status or configuration change records `installation_setup`). */
    updateInstallation: (values: Parameters<typeof updateInstallation>[1]) =>
      transact((s) => updateInstallation(s, values)).then(delivered),

    /** Installs on one space or site of the organization (`selected` installations), or sets its configuration and external IDs there. */
    installationTarget: (values: Parameters<typeof buildInstallationTarget>[1]) =>
      transact((s) => buildInstallationTarget(s, values)).then(delivered),
  }
}

export type Builders = ReturnType<typeof createBuilders>
