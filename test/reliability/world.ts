import { createMockPlatform, type MockPlatform, type MockPlatformOptions } from '../../mock/index.ts'
import type { SerializedState } from '../../mock/model/state.ts'

/**
 * The demo scenario, completed so that both organizations hold one of every kind of thing, and
 * every space the suites look at has a change request, a page, a file, a comment with a reply
 * and a requested reviewer. Acme has a caller in every role; Globex is the outsider's.
 */
export interface World {
  platform: MockPlatform
  /** The state right after building: restore it to undo a case's changes. */
  baseline: SerializedState
  /** Tokens by caller name; `none` sends no token. */
  tokens: Record<Caller, string | undefined>
  acme: OrgThings
  globex: OrgThings
  /** The demo's users by role name. */
  users: Record<string, string>
  /** Share keys of the Partner Portal: one active link, one inactive. */
  shareKeys: { active: string; inactive: string }
  /** The share-link space the Partner Portal publishes. */
  partnersSpace: string
  /** A certificate a SAML provider accepts. */
  samlCertificate: string
}

export const CALLERS = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider', 'none'] as const
export type Caller = (typeof CALLERS)[number]

/** Path values of one organization's things, by parameter name, plus a few named extras. */
export interface OrgThings {
  organizationId: string
  /** One entry per space to test, with the space's children by parameter name. */
  spaces: Record<string, Record<string, string>>
  deletedSpace: Record<string, string>
  collections: string[]
  teams: string[]
  /** A plain member who is none of the callers, so "someone else's membership" is tested. */
  memberId: string
  inviteId: string
  sites: Array<Record<string, string>>
  translationSettingsId: string
  specSlug: string
  samlProviderId: string
  integrationName: string
  /** The installation of that integration in this organization. */
  installationId: string
  eventId: string
  /** A space no site of the organization publishes yet, that its admins can see. */
  unpublishedSpace: string
  /** A member who may review, not requested on any change request yet. */
  reviewerToRequest: string
}

const find = <T extends { id: string }>(items: Iterable<T>, pick: (t: T) => boolean, what: string): T => {
  for (const item of items) if (pick(item)) return item
  throw new Error(`world: no ${what}`)
}

export async function createWorld(
  seed = 'reliability',
  create: (options: MockPlatformOptions) => MockPlatform = createMockPlatform,
): Promise<World> {
  // Development mode delivers events to a tunnel: answer them here, never from the network.
  const platform = create({ scenario: 'demo', seed, freeze: true, fetch: async () => new Response(null, { status: 204 }) })
  await platform.ready
  const b = platform.builders
  const db = platform.db
  const user = (name: string) => find(db.users.all(), (u) => u.displayName === name, name).id
  const users = {
    admin: user('Ada Admin'),
    create: user('Carl Creator'),
    review: user('Rita Reviewer'),
    edit: user('Eddie Editor'),
    comment: user('Cora Commenter'),
    read: user('Reed Reader'),
    guest: user('Gus Guest'),
    outsider: user('Olga Outsider'),
  }
  const org = (title: string) => find(db.organizations.all(), (o) => o.title === title, title).id
  const acmeId = org('Acme')
  const globexId = org('Globex')
  const space = (title: string) => find(db.spaces.all(), (s) => s.title === title, title)

  const mia = await b.user({ displayName: 'Mia Member', organization: acmeId, role: 'read' })
  const gina = await b.user({ displayName: 'Gina Globex', organization: globexId, role: 'read' })
  const gil = await b.user({ displayName: 'Gil Globex', organization: globexId, role: 'review' })

  // Globex gets its own copy of what Acme has, so isolation is tested both ways.
  const globexCollection = await b.collection({ organization: globexId, title: 'Globex Guides' })
  const globexTeam = await b.team({ organization: globexId, title: 'Globex Writers', members: [gina.user.id] })
  const globexDeleted = await b.space({ organization: globexId, title: 'Globex Old', visibility: 'private', deleted: true })
  const globexNested = await b.space({ organization: globexId, parent: globexCollection.id, title: 'Globex Nested', visibility: 'private' })
  const globexInvite = await b.invite(globexId, 'read')
  const globexTranslation = await b.translation({ organization: globexId, title: 'Globex languages', languages: ['fr'] })
  await b.openAPISpec({ organization: globexId, slug: 'globex-api' })
  const globexSaml = await b.samlProvider({ organization: globexId })
  const globexIntegration = await b.integration({ name: 'globex-private', organization: globexId, visibility: 'private' })
  await b.installation({ integration: 'globex-private', organization: globexId })

  const globexSite = find(db.sites.all(), (s) => s.organization === globexId, 'Globex site')
  const globexSection = find(db.siteSections.all(), (s) => s.site === globexSite.id, 'Globex section')
  const globexExtra = await b.space({ organization: globexId, title: 'Globex Extra', visibility: 'private' })
  const globexGrouped = await b.section({ site: globexSite.id, space: globexExtra.id, title: 'Extra' })
  const globexGroup = await b.sectionGroup({ site: globexSite.id, title: 'Globex group', sections: [globexGrouped.id] })
  await b.redirect({ site: globexSite.id, source: '/start', section: globexSection.id })
  const globexLink = await b.shareLink({ site: globexSite.id, name: 'Globex link' })

  const acmeDocs = find(db.sites.all(), (s) => s.title === 'Acme Docs', 'Acme Docs')
  const partnerPortal = find(db.sites.all(), (s) => s.title === 'Partner Portal', 'Partner Portal')
  const acmeDocsLink = await b.shareLink({ site: acmeDocs.id, name: 'Reviewers preview' })
  const partnerGroup = await b.sectionGroup({ site: partnerPortal.id, title: 'Partners', sections: [] })
  // A second site space in every site's first section: a section's last one cannot be removed.
  await b.siteSpace({ site: partnerPortal.id, space: space('Changelog').id })
  await b.siteSpace({ site: globexSite.id, space: globexNested.id })

  /** A space's children, built where the demo has none, authored by `author` (who may comment there). */
  async function children(spaceId: string, author: string, reviewer: string): Promise<Record<string, string>> {
    const s = db.spaces.get(spaceId)!
    let cr = [...db.changeRequests.all()].find((c) => c.space === spaceId && c.status === 'open')
    cr ??= await b.changeRequest({ space: spaceId, createdBy: author, subject: 'Reliability change' })
    const pages = () => [...db.pages.all()].filter((p) => p.revision === s.revision && p.type === 'document')
    if (!pages().length) await b.page({ space: spaceId, title: 'Reliability page', markdown: 'Hello' })
    if (![...db.files.all()].some((f) => f.revision === s.revision)) await b.file({ space: spaceId, name: 'reliability.png' })
    // Pages and files are copied into a change request when it opens, so the CR made above has them.
    let crRevision = db.changeRequests.get(cr.id)!.revision
    if (![...db.pages.all()].some((p) => p.revision === crRevision && p.type === 'document')) {
      await b.page({ space: spaceId, changeRequest: cr.id, title: 'CR page', markdown: 'Hi' })
    }
    if (![...db.files.all()].some((f) => f.revision === crRevision)) await b.file({ space: spaceId, changeRequest: cr.id, name: 'cr.png' })
    crRevision = db.changeRequests.get(cr.id)!.revision
    const page = pages()[0]!.page
    const crPage = [...db.pages.all()].find((p) => p.revision === crRevision && p.type === 'document')!.page
    const file = [...db.files.all()].find((f) => f.revision === s.revision)!.file
    const crFile = [...db.files.all()].find((f) => f.revision === crRevision)!.file
    const comment = await b.comment({ space: spaceId, postedBy: author, markdown: 'A comment to test with' })
    const reply = await b.commentReply({ comment: comment.id, postedBy: author, markdown: 'A reply to test with' })
    const crComment = await b.comment({ space: spaceId, changeRequest: cr.id, postedBy: author, markdown: 'A CR comment' })
    const crReply = await b.commentReply({ comment: crComment.id, postedBy: author, markdown: 'A CR reply' })
    await b.reviewer({ changeRequest: cr.id, user: reviewer, requestedBy: author })
    return {
      organizationId: s.organization,
      spaceId,
      changeRequestId: cr.id,
      changeRequestNumber: String(cr.number),
      pageId: page,
      fileId: file,
      crPageId: crPage,
      crFileId: crFile,
      commentId: comment.id,
      commentReplyId: reply.id,
      crCommentId: crComment.id,
      crCommentReplyId: crReply.id,
      reviewerId: reviewer,
    }
  }

  const acmeSpaces: Record<string, Record<string, string>> = {}
  for (const title of ['Getting Started', 'API Reference', 'Employee Handbook', 'Roadmap']) {
    acmeSpaces[title] = await children(space(title).id, users.comment, mia.user.id)
  }
  const globexSpaces: Record<string, Record<string, string>> = {
    'Globex Internal': await children(space('Globex Internal').id, users.outsider, gina.user.id),
  }

  const siteThings = (siteId: string, group: string, link: string, organizationId: string) => {
    const sections = [...db.siteSections.all()].filter((s) => s.site === siteId)
    const grouped = sections.find((s) => s.group === group)
    const redirect = find(db.siteRedirects.all(), (r) => r.site === siteId, 'redirect')
    const siteSpace = find(db.siteSpaces.all(), (s) => s.site === siteId, 'site space')
    return {
      organizationId,
      siteId,
      siteSectionId: sections[0]!.id,
      // A section in no group, to add to the group; the grouped one, to remove from it.
      ungroupedSectionId: sections.find((s) => !s.group)!.id,
      groupedSectionId: grouped?.id ?? '',
      siteSectionGroupId: group,
      siteSpaceId: siteSpace.id,
      siblingSiteSpaceId: find(db.siteSpaces.all(), (s) => s.section === siteSpace.section && s.id !== siteSpace.id, 'sibling site space')
        .id,
      siteRedirectId: redirect.id,
      redirectSource: redirect.source,
      shareLinkId: link,
    }
  }
  const acmeGroup = find(db.siteSectionGroups.all(), (g) => g.site === acmeDocs.id, 'Acme group').id
  const partnerLinks = [...db.shareLinks.all()].filter((l) => l.site === partnerPortal.id)

  const archive = space('Old Archive')
  const acmeIntegration = find(db.integrations.all(), (i) => i.organization === acmeId, 'Acme integration')
  const eventOf = (integration: string) => find(db.integrationEvents.all(), (e) => e.integration === integration, 'event').id
  const installationOf = (integration: string, organization: string) =>
    find(db.integrationInstallations.all(), (i) => i.integration === integration && i.organization === organization, 'installation').id

  // A restore writes records in their schema's key order: start from that, so a snapshot taken
  // after any later restore compares equal as text.
  await platform.restore(platform.snapshot())
  const world: World = {
    platform,
    baseline: platform.snapshot(),
    tokens: { ...(platform.tokens as Record<Exclude<Caller, 'none'>, string>), none: undefined },
    users,
    shareKeys: { active: partnerLinks.find((l) => l.active)!.key, inactive: partnerLinks.find((l) => !l.active)!.key },
    partnersSpace: space('Partner Guide').id,
    samlCertificate: find(db.samlProviders.all(), (p) => p.organization === acmeId, 'SAML').certificate,
    acme: {
      organizationId: acmeId,
      spaces: acmeSpaces,
      deletedSpace: { organizationId: acmeId, spaceId: archive.id },
      collections: [...db.collections.all()].filter((c) => c.organization === acmeId).map((c) => c.id),
      teams: [...db.teams.all()].filter((t) => t.organization === acmeId).map((t) => t.id),
      memberId: mia.user.id,
      inviteId: find(db.invites.all(), (i) => i.organization === acmeId, 'Acme invite').id,
      sites: [
        siteThings(acmeDocs.id, acmeGroup, acmeDocsLink.id, acmeId),
        siteThings(partnerPortal.id, partnerGroup.id, partnerLinks[0]!.id, acmeId),
      ],
      translationSettingsId: find(db.translations.all(), (t) => t.organization === acmeId, 'translation').id,
      specSlug: find(db.openapiSpecs.all(), (s) => s.organization === acmeId, 'spec').slug,
      samlProviderId: find(db.samlProviders.all(), (s) => s.organization === acmeId, 'SAML').id,
      integrationName: acmeIntegration.name,
      eventId: eventOf(acmeIntegration.id),
      installationId: installationOf(acmeIntegration.id, acmeId),
      unpublishedSpace: space('Employee Handbook').id,
      reviewerToRequest: users.create,
    },
    globex: {
      organizationId: globexId,
      spaces: globexSpaces,
      deletedSpace: { organizationId: globexId, spaceId: globexDeleted.id },
      collections: [globexCollection.id],
      teams: [globexTeam.id],
      memberId: gina.user.id,
      inviteId: globexInvite.id,
      sites: [siteThings(globexSite.id, globexGroup.id, globexLink.id, globexId)],
      translationSettingsId: globexTranslation.id,
      specSlug: 'globex-api',
      samlProviderId: globexSaml.id,
      integrationName: globexIntegration.name,
      eventId: eventOf(globexIntegration.id),
      installationId: installationOf(globexIntegration.id, globexId),
      unpublishedSpace: space('Globex Internal').id,
      reviewerToRequest: gil.user.id,
    },
  }
  return world
}

/** Kinds of things a suite can run an operation against. */
export type TargetKind = 'organization' | 'space' | 'deletedSpace' | 'collection' | 'team' | 'site' | 'integration'

/**
 * The things of both organizations to run operations against, each a set of path values with
 * its surroundings (`otherOrganizationId`, the parent collection...). Change requests are named
 * by number in every other space, so both ways of addressing them are covered.
 */
export function targetsOf(world: World, kind: TargetKind): Array<{ name: string; values: Record<string, string> }> {
  const out: Array<{ name: string; values: Record<string, string> }> = []
  const db = world.platform.db
  for (const [orgName, org, other] of [
    ['Acme', world.acme, world.globex],
    ['Globex', world.globex, world.acme],
  ] as const) {
    const common = {
      organizationId: org.organizationId,
      otherOrganizationId: other.organizationId,
      unpublishedSpace: org.unpublishedSpace,
      reviewerToRequest: org.reviewerToRequest,
    }
    const parentOf = (spaceId: string) => db.spaces.get(spaceId)?.parent
    switch (kind) {
      case 'organization':
        out.push({
          name: orgName,
          values: {
            ...common,
            userId: org.memberId,
            inviteId: org.inviteId,
            translationSettingsId: org.translationSettingsId,
            specSlug: org.specSlug,
            samlProviderId: org.samlProviderId,
          },
        })
        break
      case 'space':
        Object.entries(org.spaces).forEach(([title, values], i) => {
          const parent = parentOf(values.spaceId!)
          out.push({
            name: `${orgName} / ${title}`,
            values: {
              ...common,
              ...values,
              ...(parent ? { parentCollectionId: parent } : {}),
              ...(i % 2 === 1 ? { changeRequestId: values.changeRequestNumber! } : {}),
            },
          })
        })
        break
      case 'deletedSpace':
        out.push({ name: `${orgName} / deleted space`, values: { ...common, ...org.deletedSpace } })
        break
      case 'collection':
        for (const collectionId of org.collections)
          out.push({ name: `${orgName} / ${db.collections.get(collectionId)!.title}`, values: { ...common, collectionId } })
        break
      case 'team':
        for (const teamId of org.teams) out.push({ name: `${orgName} / ${db.teams.get(teamId)!.title}`, values: { ...common, teamId } })
        break
      case 'site':
        for (const site of org.sites)
          out.push({ name: `${orgName} / ${db.sites.get(site.siteId!)!.title}`, values: { ...common, ...site } })
        break
      case 'integration':
        out.push({
          name: `${orgName} / ${org.integrationName}`,
          values: { ...common, integrationName: org.integrationName, eventId: org.eventId, installationId: org.installationId },
        })
        break
    }
  }
  return out
}

/**
 * The path values an operation takes from a target: under a change request, pages, files,
 * comments and replies are the change request's, and `userId` is a requested reviewer.
 */
export function pathValuesFor(path: string, target: Record<string, string>): Record<string, string> {
  const values = { ...target }
  if (path.includes('/change-requests/')) {
    if (target.crPageId) values.pageId = target.crPageId
    if (target.crFileId) values.fileId = target.crFileId
    if (target.crCommentId) values.commentId = target.crCommentId
    if (target.crCommentReplyId) values.commentReplyId = target.crCommentReplyId
    if (target.reviewerId) values.userId = target.reviewerId
  }
  const names = Array.from(path.matchAll(/\{(\w+)\}/g), (m) => m[1]!)
  return Object.fromEntries(names.map((n) => [n, values[n] ?? `missing-${n}`]))
}
