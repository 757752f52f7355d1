import LZString from 'lz-string'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperationDef } from '../../src/contract/define.ts'
import { allOperations, call, opById, pathParams, type Answer } from './call.ts'
import { OUT_OF_SCOPE, RULES, subjectOf, targetKindOf } from './permissions-table.ts'
import { stateOf } from './requests.ts'
import { createWorld, pathValuesFor, targetsOf, type Caller, type TargetKind, type World } from './world.ts'

/**
 * Isolation: a token of one organization never reads or changes another organization's private
 * content, whatever path it takes: every operation with the other organization's IDs (taken from
 * its listings, as a guesser would), IDs of the two organizations mixed in one path, change
 * requests by ID and by number, and share keys of links that are not active.
 */

let world: World
let baselineState: string
let tried = 0

beforeAll(async () => {
  world = await createWorld('isolation')
  baselineState = stateOf(world.platform)
})

const send = (op: OperationDef, caller: Caller, params: Record<string, unknown>) =>
  call(world.platform.fetch, world.platform.baseUrl, op, world.tokens[caller], params)

/** Sends and checks the state is the baseline afterwards (restoring it when a case failed, so one failure does not cascade). */
async function probe(op: OperationDef, caller: Caller, params: Record<string, unknown>): Promise<Answer & { changed: boolean }> {
  const answer = await send(op, caller, params)
  tried++
  const changed = op.method !== 'GET' && stateOf(world.platform) !== baselineState
  if (changed || (answer.status < 300 && op.method !== 'GET')) await world.platform.restore(world.baseline)
  return { ...answer, changed }
}

/** Valid inputs for operations the permissions table leaves out, so they get past validation to the lookup. */
const EXTRA_PARAMS: Record<string, Record<string, unknown>> = {
  renderIntegrationUIWithGet: { request: LZString.compressToEncodedURIComponent(JSON.stringify({ componentId: 'x' })) },
  renderIntegrationUIWithPost: { componentId: 'x' },
  installIntegrationOnSpace: { space: 'x' },
  installIntegrationOnSite: { siteId: 'x' },
  queueIntegrationTask: { task: {} },
}
const paramsOf = (op: OperationDef, values: Record<string, string>) => ({
  ...pathValuesFor(op.path, values),
  ...(RULES[op.id]?.params?.(values, world) ?? EXTRA_PARAMS[op.id] ?? {}),
})

/** The kind of things an operation is run against; none for operations that name nothing of an organization. */
function kindOf(op: OperationDef): TargetKind | undefined {
  const rule = RULES[op.id] ?? (OUT_OF_SCOPE[op.id] ? {} : undefined)
  // A path without parameters names nothing of an organization (the caller's own user).
  if (rule && !rule.on && !op.path.includes('{')) return undefined
  return rule && subjectOf(op, rule) !== 'anyone' ? targetKindOf(op) : undefined
}

/** Only what is private to its organization: public spaces and public integrations are meant to be read by anyone. */
function privateTargets(kind: TargetKind, organizationId: string) {
  const db = world.platform.db
  return targetsOf(world, kind).filter((t) => {
    if (t.values.organizationId !== organizationId) return false
    if (kind === 'space') return db.spaces.get(t.values.spaceId!)?.visibility === 'private'
    if (kind === 'integration')
      return [...db.integrations.all()].some((i) => i.name === t.values.integrationName && i.visibility === 'private')
    return true
  })
}

const directions = [
  { name: 'Acme', caller: 'outsider' as Caller, callerOrg: () => world.globex.organizationId, owner: () => world.acme.organizationId },
  { name: 'Globex', caller: 'admin' as Caller, callerOrg: () => world.acme.organizationId, owner: () => world.globex.organizationId },
]

const scoped = allOperations.filter((op) => kindOf(op) !== undefined).sort((a, b) => a.id.localeCompare(b.id))

describe('isolation: every operation with the IDs of the other organization', () => {
  it("runs over every operation that names an organization's things", () => {
    const skipped = allOperations
      .filter((op) => kindOf(op) === undefined)
      .map((op) => op.id)
      .sort()
    // These name nothing private: the caller's own user and organizations, the public catalog, an email domain's joinable organizations, an organization's login buttons.
    expect(skipped).toEqual(
      [
        'getAuthenticatedUser',
        'getOrganizationsForEmailDomain',
        'listIntegrations',
        'listOrganizationsForAuthenticatedUser',
        'listSSOProviderLoginsInOrganization',
      ].filter((id) => allOperations.some((op) => op.id === id)),
    )
  })

  for (const op of scoped) {
    it(`${op.id}: 404 to the admin of the other organization, nothing changed`, async () => {
      const rule = RULES[op.id]
      const problems: string[] = []
      let cases = 0
      for (const d of directions) {
        for (const target of privateTargets(kindOf(op)!, d.owner()).filter((t) => rule?.only?.(t.values) ?? true)) {
          const got = await probe(op, d.caller, paramsOf(op, target.values))
          cases++
          if (got.status !== 404) problems.push(`${target.name} as ${d.caller}: ${got.status} ${got.message ?? ''}`.trim())
          if (got.changed) problems.push(`${target.name} as ${d.caller}: the state changed`)
        }
      }
      expect(cases, 'no private thing of this kind to try').toBeGreaterThan(0)
      expect(problems).toEqual([])
    })
  }
})

describe('isolation: IDs of both organizations mixed in one path', () => {
  const mixed = scoped.filter((op) => pathParams(op).length >= 2)
  for (const op of mixed) {
    it(`${op.id}: each path value swapped for the other organization's answers 404`, async () => {
      const rule = RULES[op.id]
      const problems: string[] = []
      let swaps = 0
      for (const d of directions) {
        // The caller's own things, in which one value at a time is replaced by the other organization's.
        const applies = (t: { values: Record<string, string> }) => rule?.only?.(t.values) ?? true
        const own = targetsOf(world, kindOf(op)!).filter((t) => t.values.organizationId === d.callerOrg() && applies(t))[0]
        const hidden = privateTargets(kindOf(op)!, d.owner()).filter(applies)[0]
        const foreign = hidden ?? targetsOf(world, kindOf(op)!).filter((t) => t.values.organizationId === d.owner() && applies(t))[0]
        if (!own || !foreign) continue
        // Something public of the other organization (an integration in the catalog) may be seen, and then refused.
        const allowed = hidden ? [404] : [403, 404]
        const mine = pathValuesFor(op.path, own.values)
        const theirs = pathValuesFor(op.path, foreign.values)
        for (const name of pathParams(op)) {
          // Change-request numbers restart in every space, so the same number names the caller's own; a
          // slug is a name within an organization, which a PUT may create in the caller's own.
          if (mine[name] === theirs[name] || (name === 'specSlug' && op.method === 'PUT')) continue
          const got = await probe(op, d.caller, { ...paramsOf(op, own.values), [name]: theirs[name] })
          swaps++
          if (!allowed.includes(got.status))
            problems.push(`${name} of ${foreign.name} as ${d.caller}: ${got.status} ${got.message ?? ''}`.trim())
          if (got.changed) problems.push(`${name} of ${foreign.name} as ${d.caller}: the state changed`)
        }
      }
      expect(swaps).toBeGreaterThan(0)
      expect(problems).toEqual([])
    })
  }
})

describe('isolation: IDs of the other organization in a request body', () => {
  it('are refused with a 4xx that names nothing of the other organization, and change nothing', async () => {
    const acme = world.acme
    const handbook = acme.spaces['Employee Handbook']!
    const globexSpace = world.globex.spaces['Globex Internal']!
    const globexSite = world.globex.sites[0]!
    const db = world.platform.db
    const secretTitles = ['Employee Handbook', 'Roadmap', 'Internal', 'Writers', 'Reviewers', 'Mia Member']
    const cases: Array<[string, Record<string, unknown>]> = [
      ['createCollection', { organizationId: world.globex.organizationId, title: 'x', parent: acme.collections[2] }],
      ['moveSpace', { spaceId: globexSpace.spaceId, parent: acme.collections[2] }],
      ['moveCollection', { collectionId: world.globex.collections[0], parent: acme.collections[2] }],
      ['transferSpace', { spaceId: globexSpace.spaceId, organization: acme.organizationId }],
      ['transferSpace', { spaceId: globexSpace.spaceId, organization: world.globex.organizationId, collection: acme.collections[2] }],
      ['createOrganizationTeam', { organizationId: world.globex.organizationId, title: 'x', members: [acme.memberId] }],
      [
        'requestReviewersForChangeRequest',
        { spaceId: globexSpace.spaceId, changeRequestId: globexSpace.changeRequestId, users: [acme.memberId] },
      ],
      ['addSpaceToSite', { organizationId: world.globex.organizationId, siteId: globexSite.siteId, spaceId: handbook.spaceId }],
      ['addSectionToSite', { organizationId: world.globex.organizationId, siteId: globexSite.siteId, spaceId: handbook.spaceId }],
      [
        'addSectionToSiteSectionGroup',
        {
          organizationId: world.globex.organizationId,
          siteId: globexSite.siteId,
          siteSectionGroupId: globexSite.siteSectionGroupId,
          sectionId: acme.sites[0]!.siteSectionId,
        },
      ],
      [
        'createSiteRedirect',
        {
          organizationId: world.globex.organizationId,
          siteId: globexSite.siteId,
          source: '/x',
          destination: { kind: 'site-section', siteSectionId: acme.sites[0]!.siteSectionId },
        },
      ],
      ['installIntegration', { integrationName: world.globex.integrationName, organization: acme.organizationId }],
      ['postCommentInSpace', { spaceId: globexSpace.spaceId, page: handbook.pageId, body: { markdown: 'x' } }],
      ['renderIntegrationUIWithPost', { integrationName: acme.integrationName, componentId: 'x', context: { spaceId: handbook.spaceId } }],
    ]
    const problems: string[] = []
    for (const [id, params] of cases) {
      if (!allOperations.some((op) => op.id === id)) continue
      const got = await probe(opById(id), 'outsider', params)
      if (got.status < 400 || got.status >= 500) problems.push(`${id} ${JSON.stringify(params)}: ${got.status}`)
      if (got.changed) problems.push(`${id}: the state changed`)
      const leaked = secretTitles.filter((t) => JSON.stringify(got.body).includes(t))
      if (leaked.length) problems.push(`${id}: the answer names ${leaked.join(', ')}`)
    }
    expect(db.spaces.get(handbook.spaceId!)?.title).toBe('Employee Handbook')
    expect(problems).toEqual([])
  })
})

describe('isolation: what the other organization can list', () => {
  it("never shows an ID of the other organization's private things, its discussions or its members' emails", async () => {
    const db = world.platform.db
    const acmeId = world.acme.organizationId
    const privateSpaces = [...db.spaces.all()].filter((s) => s.organization === acmeId && s.visibility === 'private').map((s) => s.id)
    const secrets = new Set<string>([
      ...privateSpaces,
      ...world.acme.teams,
      world.acme.inviteId,
      world.acme.translationSettingsId,
      // Not secrets: user IDs (authors and reviewers show in public spaces) and SAML provider IDs
      // (login pages list them before their user belongs to the organization).
      ...[...db.collections.all()].filter((c) => c.organization === acmeId && c.title === 'Internal').map((c) => c.id),
      ...[...db.changeRequests.all()].filter((c) => privateSpaces.includes(c.space)).map((c) => c.id),
      // Discussions need the comment role, which no outsider has: none of Acme's, public spaces included.
      ...[...db.comments.all()].filter((c) => db.spaces.get(c.space)?.organization === acmeId).map((c) => c.id),
      ...[...db.commentReplies.all()].filter((r) => db.spaces.get(r.space)?.organization === acmeId).map((r) => r.id),
      // Nor the emails of Acme's members, which only those who may list them see.
      ...[...db.members.all()]
        .filter((m) => m.organization === acmeId && m.user !== world.users.outsider)
        .map((m) => db.users.get(m.user)!.email),
      ...[...db.sites.all()].filter((s) => s.organization === acmeId).map((s) => s.id),
      ...[...db.pages.all()].filter((p) => privateSpaces.some((id) => db.spaces.get(id)?.revision === p.revision)).map((p) => p.page),
    ])
    const leaks: string[] = []
    let reads = 0
    const check = async (op: OperationDef, params: Record<string, unknown>) => {
      const got = await send(op, 'outsider', params)
      reads++
      const text = JSON.stringify(got.body)
      for (const id of secrets) if (text.includes(id)) leaks.push(`${op.id} ${JSON.stringify(params)} shows ${id}`)
    }
    // Every read the outsider can make: their own organization's things, the public catalog, and Acme's public space.
    const publicSpace = targetsOf(world, 'space').find((t) => db.spaces.get(t.values.spaceId!)?.visibility === 'public')!
    // Reads, with the one that asks by POST (an AI answer cites its sources).
    for (const op of allOperations.filter((o) => o.method === 'GET' || o.id === 'askInOrganization')) {
      const kind = kindOf(op)
      if (!kind) {
        await check(
          op,
          op.id === 'getOrganizationsForEmailDomain'
            ? { emailDomain: 'acme.test' }
            : op.id === 'listSSOProviderLoginsInOrganization'
              ? { organizationId: acmeId }
              : {},
        )
        continue
      }
      const own = targetsOf(world, kind).filter((t) => t.values.organizationId === world.globex.organizationId)
      for (const t of kind === 'space' ? [...own, publicSpace] : own) {
        await check(op, paramsOf(op, t.values))
      }
    }
    expect(reads).toBeGreaterThan(50)
    expect(leaks).toEqual([])
  })
})

describe('isolation: share keys', () => {
  const getSpace = () => opById('getSpaceById')

  it('an active key opens its share-link space for reading only, to any token', async () => {
    const got = await send(getSpace(), 'outsider', { spaceId: world.partnersSpace, shareKey: world.shareKeys.active })
    expect(got.status).toBe(200)
    const permissions = (got.body as { permissions: Record<string, boolean> }).permissions
    expect(
      Object.entries(permissions)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort(),
    ).toEqual(['access', 'view'])
    // The key opens the space object, not its content or any change.
    expect((await probe(opById('getCurrentRevision'), 'outsider', { spaceId: world.partnersSpace })).status).toBe(404)
    const update = await probe(opById('updateSpaceById'), 'outsider', { spaceId: world.partnersSpace, title: 'Hijacked' })
    expect([update.status, update.changed]).toEqual([404, false])
  })

  it('an inactive, unknown or foreign key, or a key on a space of another visibility, opens nothing', async () => {
    const globexKey = [...world.platform.db.shareLinks.all()].find((l) => l.site === world.globex.sites[0]!.siteId)!.key
    const cases: Array<[string, string]> = [
      [world.partnersSpace, world.shareKeys.inactive],
      [world.partnersSpace, 'x'.repeat(24)],
      [world.partnersSpace, globexKey],
      [
        world.partnersSpace,
        world.shareKeys.active.toLowerCase() === world.shareKeys.active
          ? world.shareKeys.active.toUpperCase()
          : world.shareKeys.active.toLowerCase(),
      ],
      [world.acme.spaces['Employee Handbook']!.spaceId!, world.shareKeys.active],
      [world.acme.spaces['Roadmap']!.spaceId!, world.shareKeys.active],
    ]
    const answers = []
    for (const [spaceId, shareKey] of cases) answers.push((await send(getSpace(), 'outsider', { spaceId, shareKey })).status)
    expect(answers).toEqual(cases.map(() => 404))
  })

  it('a key stops working the moment its link is turned off, and works again when turned back on', async () => {
    const partner = world.acme.sites[1]!
    const link = [...world.platform.db.shareLinks.all()].find((l) => l.key === world.shareKeys.active)!
    const toggle = (active: boolean) =>
      send(opById('updateSiteShareLinkById'), 'admin', {
        organizationId: partner.organizationId,
        siteId: partner.siteId,
        shareLinkId: link.id,
        active,
      })
    const read = async () => (await send(getSpace(), 'outsider', { spaceId: world.partnersSpace, shareKey: link.key })).status
    expect((await toggle(false)).status).toBe(200)
    const off = await read()
    expect((await toggle(true)).status).toBe(200)
    const on = await read()
    await world.platform.restore(world.baseline)
    expect([off, on]).toEqual([404, 200])
  })

  it('site lists and redirects ignore a key for callers outside the organization', async () => {
    const partner = world.acme.sites[1]!
    for (const id of ['listSiteSpaces', 'listSiteSections', 'getSiteRedirectBySource']) {
      if (!allOperations.some((op) => op.id === id)) continue
      const got = await send(opById(id), 'outsider', {
        organizationId: partner.organizationId,
        siteId: partner.siteId,
        shareKey: world.shareKeys.active,
        source: partner.redirectSource,
      })
      expect(got.status, id).toBe(404)
    }
  })
})

afterAll(() => {
  console.info(`isolation: ${tried} cross-organization requests over ${scoped.length} operations, both directions`)
})
