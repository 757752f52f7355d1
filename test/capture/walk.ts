import type { Client } from '../../src/index.ts'

type Any = any

/** Every answer of a walk, by call (`spaces.get {"spaceId":"…"}`), or the error status it gave. */
export type Answers = Map<string, unknown>

/**
 * Calls every list and get operation reachable from what the caller can see, as a user of the
 * API would browse it: organizations, members, teams, collections, spaces and their content,
 * comments, change requests (by number), sites and their structure, organization services and
 * integrations. Lists are walked to the end. Refusals are recorded as their status, so a copy
 * must refuse the same calls.
 */
export async function walk(client: Client): Promise<Answers> {
  const answers: Answers = new Map()
  const call = async (name: string, params: object, run: () => Promise<Any>): Promise<Any> => {
    const key = `${name} ${JSON.stringify(params)}`
    try {
      const value = await run()
      answers.set(key, value)
      return value
    } catch (error) {
      answers.set(key, { status: (error as { status?: number }).status ?? String(error) })
      return undefined
    }
  }
  const all = async (name: string, params: object, open: () => AsyncIterable<Any>): Promise<Any[]> => {
    const items: Any[] = []
    return (
      (await call(name, params, async () => {
        for await (const item of open()) items.push(item)
        return items
      })) ?? []
    )
  }

  const orgs = await all('orgs.list', {}, () => client.orgs.list())
  const spaceIds = new Set<string>()
  for (const org of orgs) {
    const organizationId = org.id as string
    const p = { organizationId }
    await call('orgs.get', p, () => client.orgs.get(p))
    const members = await all('orgs.members.list', p, () => client.orgs.members.list(p))
    await all('orgs.members.list name asc', p, () => client.orgs.members.list({ ...p, sort: 'name', order: 'asc' }))
    for (const m of members) {
      const q = { organizationId, userId: m.id as string }
      await call('orgs.members.get', q, () => client.orgs.members.get(q))
      for (const e of await all('orgs.members.listSpaces', q, () => client.orgs.members.listSpaces(q))) spaceIds.add(e.space.id)
      await all('orgs.members.listTeams', q, () => client.orgs.members.listTeams(q))
    }
    for (const t of await all('orgs.teams.list', p, () => client.orgs.teams.list(p))) {
      await call('orgs.teams.get', { ...p, teamId: t.id }, () => client.orgs.teams.get({ ...p, teamId: t.id }))
    }
    for (const c of await all('collections.list', p, () => client.collections.list(p))) {
      await call('collections.get', { collectionId: c.id }, () => client.collections.get({ collectionId: c.id }))
      for (const s of await all('collections.listSpaces', { collectionId: c.id }, () =>
        client.collections.listSpaces({ collectionId: c.id }),
      ))
        spaceIds.add(s.id)
    }
    for (const site of await all('sites.list', p, () => client.sites.list(p))) {
      const q = { organizationId, siteId: site.id as string }
      await call('sites.get', q, () => client.sites.get(q))
      await all('sites.sections.list', q, () => client.sites.sections.list(q))
      await all('sites.sectionGroups.list', q, () => client.sites.sectionGroups.list(q))
      await all('sites.siteSpaces.list', q, () => client.sites.siteSpaces.list(q))
      await all('sites.shareLinks.list', q, () => client.sites.shareLinks.list(q))
      for (const r of await all('sites.redirects.list', q, () => client.sites.redirects.list(q))) {
        await call('sites.redirects.resolve', { ...q, source: r.source }, () => client.sites.redirects.resolve({ ...q, source: r.source }))
      }
    }
    for (const t of await all('orgs.translations.list', p, () => client.orgs.translations.list(p))) {
      await call('orgs.translations.get', { ...p, id: t.id }, () => client.orgs.translations.get({ ...p, translationSettingsId: t.id }))
    }
    for (const s of await all('orgs.openapi.list', p, () => client.orgs.openapi.list(p))) {
      await call('orgs.openapi.get', { ...p, specSlug: s.slug }, () => client.orgs.openapi.get({ ...p, specSlug: s.slug }))
    }
    for (const s of await all('orgs.saml.list', p, () => client.orgs.saml.list(p))) {
      await call('orgs.saml.get', { ...p, id: s.id }, () => client.orgs.saml.get({ ...p, samlProviderId: s.id }))
    }
    await call('orgs.listSSOProviders', p, () => client.orgs.listSSOProviders(p))
    await call('orgs.search', p, () => client.orgs.search({ ...p, query: 'guide' }))
  }

  for (const spaceId of [...spaceIds].sort()) {
    const p = { spaceId }
    const space = await call('spaces.get', p, () => client.spaces.get(p))
    if (!space) continue
    await call('spaces.listLinks', p, () => client.spaces.listLinks(p))
    await call('spaces.search', p, () => client.spaces.search({ ...p, query: 'guide' }))
    await content(call, all, client, p, undefined)
    for (const c of await all('spaces.comments.list', p, () => client.spaces.comments.list(p))) {
      await call('spaces.comments.get', { ...p, commentId: c.id }, () => client.spaces.comments.get({ ...p, commentId: c.id }))
      await all('spaces.comments.replies.list', { ...p, commentId: c.id }, () =>
        client.spaces.comments.replies.list({ ...p, commentId: c.id }),
      )
    }
    await all('spaces.listCommenters', p, () => client.spaces.listCommenters(p))
    for (let n = 1; n <= (space.changeRequests ?? 0); n++) {
      const q = { spaceId, changeRequestId: String(n) }
      await content(call, all, client, p, q)
      for (const c of await all('changeRequests.comments.list', q, () => client.changeRequests.comments.list(q))) {
        await call('changeRequests.comments.get', { ...q, commentId: c.id }, () =>
          client.changeRequests.comments.get({ ...q, commentId: c.id }),
        )
        await all('changeRequests.comments.replies.list', { ...q, commentId: c.id }, () =>
          client.changeRequests.comments.replies.list({ ...q, commentId: c.id }),
        )
      }
      await all('changeRequests.listCommenters', q, () => client.changeRequests.listCommenters(q))
      await all('changeRequests.reviewers.list', q, () => client.changeRequests.reviewers.list(q))
    }
  }

  for (const i of await all('integrations.list', {}, () => client.integrations.list())) {
    const p = { integrationName: i.name as string }
    await call('integrations.get', p, () => client.integrations.get(p))
    await all('integrations.installations.list', p, () => client.integrations.installations.list(p))
    await all('integrations.listSpaceInstallations', p, () => client.integrations.listSpaceInstallations(p))
    await all('integrations.listSiteInstallations', p, () => client.integrations.listSiteInstallations(p))
  }
  return answers
}

type Call = (name: string, params: object, run: () => Promise<Any>) => Promise<Any>
type All = (name: string, params: object, open: () => AsyncIterable<Any>) => Promise<Any[]>

/** The content reads of a space (`cr` undefined) or of a change request. */
async function content(
  call: Call,
  all: All,
  client: Client,
  space: { spaceId: string },
  cr: { spaceId: string; changeRequestId: string } | undefined,
) {
  const api = cr ? client.changeRequests.content : client.spaces.content
  const p = (cr ?? space) as Any
  const prefix = cr ? 'changeRequests.content' : 'spaces.content'
  const revision = await call(`${prefix}.get`, p, () => api.get(p))
  await call(`${prefix}.listPages`, p, () => api.listPages(p))
  for (const f of await all(`${prefix}.listFiles`, p, () => api.listFiles(p))) {
    await call(`${prefix}.getFile`, { ...p, fileId: f.id }, () => api.getFile({ ...p, fileId: f.id }))
    await all(`${prefix}.listFileBacklinks`, { ...p, fileId: f.id }, () => api.listFileBacklinks({ ...p, fileId: f.id }))
  }
  const pages: Any[] = []
  const flatten = (list: Any[]) => list.forEach((page) => (pages.push(page), flatten(page.pages ?? [])))
  flatten(revision?.pages ?? [])
  for (const page of pages) {
    const q = { ...p, pageId: page.id }
    await call(`${prefix}.getPage`, q, () => api.getPage(q))
    await call(`${prefix}.getPage markdown`, q, () => api.getPage({ ...q, format: 'markdown' }))
    await call(`${prefix}.listPageLinks`, q, () => api.listPageLinks(q))
  }
}
