// A consumer of the published package: 20 operations across namespaces, as an app would call
// them. bench/types.ts type-checks it against the declarations tsdown builds (not the sources)
// with `tsc --extendedDiagnostics` and reports the check time and type instantiations. The root
// tsconfig leaves it out: `docplat` resolves to those declarations only there.
import { createClient, createCore, getSpaceById, listSpacesInCollectionById, NotFoundError, type Space } from 'docplat'

const client = createClient({ token: 'token' })

export async function app(organizationId: string, collectionId: string, spaceId: string, changeRequestId: string, siteId: string) {
  const org = await client.orgs.get({ organizationId })
  const member = await client.orgs.members.get({ organizationId, userId: 'user' })
  for await (const m of client.orgs.members.list({ organizationId, role: 'admin' })) console.log(m.user.displayName)
  const team = await client.orgs.teams.create({ organizationId, title: 'Docs' })
  const collection = await client.collections.create({ organizationId, title: 'Guides' })
  const page = await client.collections.listSpaces({ collectionId, limit: 10 })
  const next = page.hasNextPage() ? await page.getNextPage() : undefined
  const space: Space = await client.spaces.update({ spaceId, title: 'Renamed', editMode: 'live' })
  await client.spaces.delete({ spaceId })
  const content = await client.spaces.content.get({ spaceId })
  const pages = await client.spaces.content.listPages({ spaceId })
  const links = await client.spaces.listLinks({ spaceId, status: 'broken' })
  const comment = await client.spaces.comments.create({ spaceId, body: { markdown: 'Nice' } })
  const reviewers = await client.changeRequests.reviewers.request({ spaceId, changeRequestId, users: ['user'] })
  const sections = await client.sites.sections.list({ organizationId, siteId })
  const redirect = await client.sites.redirects.create({
    organizationId,
    siteId,
    source: '/old',
    destination: { kind: 'site-section', siteSectionId: 'section' },
  })
  const saml = await client.orgs.saml.list({ organizationId })
  const integration = await client.integrations.get({ integrationName: 'slack' })
  for await (const event of client.integrations.events.list({ integrationName: 'slack' })) console.log(event.id)

  const core = createCore({ token: 'token' })
  try {
    const standalone = await getSpaceById(core, { spaceId })
    const spaces = await listSpacesInCollectionById(core, { collectionId })
    return {
      org: org.title,
      member: member.role,
      team: team.id,
      collection: collection.id,
      next: next?.items.length,
      space: space.title,
      content: content.id,
      pages: pages.pages.length,
      links: links.stats?.total,
      comment: comment.id,
      reviewers,
      sections: sections.count,
      redirect: redirect.source,
      saml: saml.items.length,
      integration: integration.name,
      standalone: standalone.title,
      spaces: spaces.items.map((s) => s.title),
    }
  } catch (error) {
    if (error instanceof NotFoundError) return undefined
    throw error
  }
}
