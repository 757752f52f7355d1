import type { Role } from '../../src/schemas/shared.ts'
import { insert, type State } from '../model/state.ts'
import { addMember, createUser, issueToken } from '../model/orgs/members.ts'
import { createInvite, createOrganization, type NewOrganization } from '../model/orgs/organizations.ts'
import { addTeamMember, createTeam } from '../model/orgs/teams.ts'
import { createCollection, type NewCollection } from '../model/spaces/collections.ts'
import { createChangeRequest, createSpace } from '../model/cascades.ts'
import { deleteSpace, type NewSpace } from '../model/spaces/spaces.ts'
import type { ChangeRequestRecord, GrantRecord } from '../model/spaces/tables.ts'
import { buildContent, buildFile, buildPage, buildReviewRequest, deletePage, editPage } from '../model/content/build.ts'
import { markUrl } from '../model/content/broken-urls.ts'
import { seedComment, seedReply, type SeedComment, type SeedReply } from '../model/comments/seed.ts'
import { buildOpenAPISpec, buildSAMLProvider, type NewOpenAPISpec, type NewSAMLProvider } from '../model/services/builders.ts'
import { createTranslation } from '../model/services/translations.ts'
import { buildRedirect, buildSection, buildSectionGroup, buildShareLink, buildSiteSpace } from '../model/sites/builders.ts'
import { createSite, type NewSite } from '../model/sites/sites.ts'
import type { DeliveryCapabilities } from '../model/integrations/delivery.ts'
import { buildInstallation, buildInstallationTarget, buildIntegration, updateInstallation } from '../model/integrations/builders.ts'
import { presentEnvironment } from '../present/environment.ts'

/**
 * The control API: set up exactly the state a test needs, a line per thing. Builders write
 * through the model (the same rules as the API, without a caller's permissions). `delivery` is
 * how the platform delivers integration events (its outbound fetch, its state lock, its background
 * work): builders that record events deliver them as the API does while development mode is on.
 */
export function createBuilders(
  state: () => State,
  tokens: Record<string, string>,
  tokenFor: (name: string) => string,
  delivery?: DeliveryCapabilities,
) {
  const tunnels = delivery && { capabilities: delivery, environment: presentEnvironment }
  return {
    /** An organization. */
    organization: async (values: NewOrganization) => createOrganization(state(), values),

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
      const s = state()
      const n = s.tables.users.size + 1
      const displayName = values.displayName ?? `User ${n}`
      const user = createUser(s, {
        displayName,
        email: values.email ?? `${displayName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
      })
      const token = issueToken(s, user.id, values.tokenName ?? 'default', values.tokenName ? tokenFor(values.tokenName) : undefined)
      if (values.tokenName) tokens[values.tokenName] = token.id
      const member =
        values.organization !== undefined
          ? addMember(s, values.organization, user.id, values.role === undefined ? 'read' : values.role)
          : undefined
      // No `member` key without a membership, as the control plane's JSON answers it.
      return { user, token: token.id, ...(member ? { member } : {}) }
    },

    /** Adds an existing user to an organization. */
    member: async (organization: string, user: string, role: Role | null) => addMember(state(), organization, user, role),

    /** A team; `owner` manages it. */
    team: async (values: { organization: string; title: string; members?: string[] | undefined; owner?: string | undefined }) =>
      createTeam(state(), values.organization, values.title, values.members ?? [], values.owner),

    teamMember: async (team: string, user: string, role: 'owner' | 'member' = 'member') => {
      const s = state()
      return addTeamMember(s, s.tables.teams.get(team)!, user, role)
    },

    /** A collection, at the end of its parent. */
    collection: async (values: NewCollection) => createCollection(state(), values),

    /** A space, at the end of its parent; `deleted: true` soft-deletes it at once. */
    async space(values: NewSpace & { deleted?: boolean | undefined }) {
      const s = state()
      const space = await createSpace(s, values)
      if (values.deleted) deleteSpace(s, space)
      return space
    },

    /** An explicit permission for a user or team on a space or collection. */
    async grant(values: { target: string; principal: string; role: Role }): Promise<GrantRecord> {
      const s = state()
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
    },

    /** A change request on a space (numbered from 1 within the space). */
    async changeRequest(values: {
      space: string
      createdBy: string
      subject?: string | undefined
      status?: ChangeRequestRecord['status'] | undefined
    }) {
      const s = state()
      const space = s.tables.spaces.get(values.space)
      if (!space) throw new Error(`No space ${values.space}`)
      return createChangeRequest(s, space, values)
    },

    /** An invite link into an organization. */
    invite: async (organization: string, role: Role | null = 'read') => createInvite(state(), organization, role),

    /** A page in a space's live content (`space`) or a change request's (`changeRequest`); nest it with `parent` (a page ID). */
    page: async (values: Parameters<typeof buildPage>[1]) => buildPage(state(), values),

    /** Edits a page (`page` ID) in place: title, markdown, slug... */
    editPage: (values: Parameters<typeof editPage>[1]) => editPage(state(), values),

    /** Removes a page (`page` ID) and the pages under it. */
    removePage: (values: Parameters<typeof deletePage>[1]) => deletePage(state(), values),

    /** A file (content type from the name's extension unless given). */
    file: async (values: Parameters<typeof buildFile>[1]) => buildFile(state(), values),

    /** Whole content at once, in the import fixture format: `{ space | changeRequest, pages: [{ title, markdown, pages }], files, variables }`. */
    content: async (values: Parameters<typeof buildContent>[1]) => buildContent(state(), values),

    /** Marks an external URL as broken for the link checker (`false` makes it fine again). */
    brokenUrl: async (url: string, broken = true) => markUrl(state(), url, broken),

    /** A review requested from a member on a change request. */
    reviewer: async (values: Parameters<typeof buildReviewRequest>[1]) => buildReviewRequest(state(), values),

    /** A comment on a space or (with `changeRequest`) a change request, with optional reactions and resolution. */
    comment: async (values: SeedComment) => {
      // Anchoring to a page or a block reads the page's blocks: the markdown library (loaded on first need).
      if (values.page !== undefined || values.node !== undefined) await state().libraries.load(['markdown'])
      return seedComment(state(), values)
    },

    /** A reply to a comment, with optional reactions. */
    commentReply: async (values: SeedReply) => seedReply(state(), values),

    /** Translation settings of an organization. */
    translation: async (values: { organization: string; title: string; languages?: string[] | undefined }) =>
      createTranslation(state(), values.organization, values),

    /** An OpenAPI specification, already processed unless `processed: false` (`content` or `errorCode` choose the outcome). */
    openAPISpec: async (values: NewOpenAPISpec) => buildOpenAPISpec(state(), values),

    /** A SAML provider; every field but the organization has a working default (a generated certificate included). */
    samlProvider: async (values: NewSAMLProvider) => buildSAMLProvider(state(), values),

    /** A site (empty: add sections or site spaces); `admins` administer it without being organization admins. */
    site: async (values: NewSite) => createSite(state(), values),

    /** A section of a site, publishing `space` as its first (default) site space. */
    section: async (values: Parameters<typeof buildSection>[1]) => buildSection(state(), values),

    /** A section group, optionally grouping ungrouped sections of the site. */
    sectionGroup: async (values: Parameters<typeof buildSectionGroup>[1]) => buildSectionGroup(state(), values),

    /** A space published in a section (default: the site's default section, or its root without sections). */
    siteSpace: async (values: Parameters<typeof buildSiteSpace>[1]) => buildSiteSpace(state(), values),

    /** A redirect from a path of a site to one of its sections. */
    redirect: async (values: Parameters<typeof buildRedirect>[1]) => buildRedirect(state(), values),

    /** A share link of a site (active unless `active: false`), with a new secret key. */
    shareLink: async (values: Parameters<typeof buildShareLink>[1]) => buildShareLink(state(), values),

    /** An integration published by an organization (a new version when it already has the name); the title defaults to the name. */
    integration: async (values: Parameters<typeof buildIntegration>[1]) => buildIntegration(state(), values, tunnels),

    /** An installation of an integration in an organization (its `installation_setup` event included), optionally changed at once. */
    installation: async (values: Parameters<typeof buildInstallation>[1]) => buildInstallation(state(), values, tunnels),

    /** Changes an installation's status, configuration, external IDs or selections (a status or configuration change records `installation_setup`). */
    updateInstallation: async (values: Parameters<typeof updateInstallation>[1]) => updateInstallation(state(), values, tunnels),

    /** Installs on one space or site of the organization (`selected` installations), or sets its configuration and external IDs there. */
    installationTarget: async (values: Parameters<typeof buildInstallationTarget>[1]) => buildInstallationTarget(state(), values, tunnels),
  }
}

export type Builders = ReturnType<typeof createBuilders>
