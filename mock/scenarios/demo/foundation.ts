import type { Builders } from '../builders.ts'
import type { DEMO_PEOPLE, DemoTokenName } from './people.ts'

/** Named things of the demo scenario that later steps (content, sites...) build upon. */
export type DemoContext = Awaited<ReturnType<typeof demoFoundation>>

/**
 * Two organizations. Acme has a user in every role (and a guest), two teams, nested collections
 * and spaces of every visibility, one soft-deleted; Globex belongs to the outsider. `people` is
 * the table the scenario's entry holds for `platform.tokens` (./people.ts), handed over rather
 * than imported, so a bundler keeps it in the mock's entry instead of a chunk of its own.
 */
export async function demoFoundation(b: Builders, people: typeof DEMO_PEOPLE) {
  const acme = await b.organization({ title: 'Acme', emailDomains: ['acme.test'], hostname: 'acme' })
  const globex = await b.organization({ title: 'Globex', emailDomains: ['globex.test'], hostname: 'globex' })

  const orgs = { acme: { id: acme.id, domain: 'acme.test' }, globex: { id: globex.id, domain: 'globex.test' } }
  const person = (tokenName: DemoTokenName) => {
    const { displayName, role, org } = people[tokenName]
    const { id, domain } = orgs[org]
    return b.user({ displayName, email: `${displayName.split(' ')[0]!.toLowerCase()}@${domain}`, organization: id, role, tokenName })
  }
  // One after the other, in the table's order: the IDs of the seeded stream depend on it.
  const users = {} as { [K in DemoTokenName]: Awaited<ReturnType<typeof person>> }
  for (const name of Object.keys(people) as DemoTokenName[]) users[name] = await person(name)
  const { create, review, edit, comment, guest } = users

  const writers = await b.team({ organization: acme.id, title: 'Writers', members: [edit.user.id, comment.user.id], owner: create.user.id })
  const reviewers = await b.team({ organization: acme.id, title: 'Reviewers', members: [review.user.id] })

  const product = await b.collection({ organization: acme.id, title: 'Product', description: 'Documentation of the product' })
  const api = await b.collection({ organization: acme.id, title: 'API', parent: product.id })
  const internal = await b.collection({ organization: acme.id, title: 'Internal', description: 'For employees', defaultLevel: 'read' })

  const guide = await b.space({ organization: acme.id, parent: product.id, title: 'Getting Started', emoji: '🚀', visibility: 'public' })
  const reference = await b.space({
    organization: acme.id,
    parent: api.id,
    title: 'API Reference',
    emoji: '📗',
    visibility: 'in-collection',
  })
  const changelog = await b.space({ organization: acme.id, parent: product.id, title: 'Changelog', emoji: '📰', visibility: 'unlisted' })
  const partners = await b.space({ organization: acme.id, title: 'Partner Guide', emoji: '🤝', visibility: 'share-link' })
  const customers = await b.space({
    organization: acme.id,
    title: 'Customer Portal',
    emoji: '🔐',
    visibility: 'visitor-auth',
    visitorAuth: { backend: 'custom' },
  })
  const handbook = await b.space({
    organization: acme.id,
    parent: internal.id,
    title: 'Employee Handbook',
    emoji: '📕',
    visibility: 'private',
  })
  const roadmap = await b.space({
    organization: acme.id,
    parent: internal.id,
    title: 'Roadmap',
    emoji: '🗺️',
    visibility: 'private',
    defaultLevel: 'read',
    editMode: 'locked',
  })
  const archive = await b.space({ organization: acme.id, title: 'Old Archive', emoji: '🗄️', visibility: 'private', deleted: true })
  const globexDocs = await b.space({ organization: globex.id, title: 'Globex Internal', emoji: '🌐', visibility: 'private' })
  const globexPublic = await b.space({ organization: globex.id, title: 'Globex Public Docs', emoji: '🌍', visibility: 'public' })

  await b.grant({ target: handbook.id, principal: guest.user.id, role: 'comment' })
  await b.grant({ target: reference.id, principal: reviewers.id, role: 'review' })
  await b.grant({ target: internal.id, principal: writers.id, role: 'edit' })
  await b.invite(acme.id, 'read')

  const changeRequests = {
    quickstart: await b.changeRequest({ space: guide.id, createdBy: edit.user.id, subject: 'Rewrite the quickstart' }),
    typos: await b.changeRequest({ space: guide.id, createdBy: comment.user.id, subject: 'Fix typos', status: 'draft' }),
    pagination: await b.changeRequest({ space: reference.id, createdBy: review.user.id, subject: 'Document pagination' }),
  }

  return {
    orgs: { acme, globex },
    users,
    teams: { writers, reviewers },
    collections: { product, api, internal },
    changeRequests,
    spaces: { guide, reference, changelog, partners, customers, handbook, roadmap, archive, globexDocs, globexPublic },
  }
}
