import { randomBytes } from 'node:crypto'
import { APIError, type Client } from '../../../src/index.ts'
import type { Collection } from '../../../src/schemas/collection.ts'
import type { Member } from '../../../src/schemas/member.ts'
import type { Organization } from '../../../src/schemas/organization.ts'
import type { Space } from '../../../src/schemas/space.ts'
import type { SerializedState } from '../../model/state.ts'
import { createMockPlatform } from '../../platform.ts'
import { captureChangeRequests } from './changes.ts'
import { captureThread } from './comments.ts'
import { captureRevision } from './content.ts'
import { CaptureContext, type Placeholder, type Skipped } from './context.ts'
import { Copy } from './copy.ts'
import { addOrganization, captureMembers, captureTeams, whoAmI } from './orgs.ts'
import { silentProgress, type Progress } from './progress.ts'
import { captureIntegrations, captureServices } from './services.ts'
import { captureSites } from './sites.ts'
import { addSpace, captureCollections, captureGrants, listSpaces, spacePositions } from './spaces.ts'

/** Options of {@link capture}. */
export interface CaptureOptions {
  /** An SDK client for the service to copy, with the token whose view is captured. */
  client: Client
  /** Only these organizations (IDs). Default: every organization the token belongs to. */
  organizations?: readonly string[] | undefined
  /**
   * Only these spaces (IDs). Also how soft-deleted spaces and public spaces of other organizations
   * are captured: they appear in no list. Default: every space the token can list.
   */
  spaces?: readonly string[] | undefined
  /** At most this many pages per space and change request (table-of-contents order). */
  maxPagesPerSpace?: number | undefined
  /** Leave page bodies out (the page tree, files and settings are still captured). */
  noContent?: boolean | undefined
  /** How many requests run at once. Default 4. */
  concurrency?: number | undefined
  /** Where progress goes. Default: nowhere. */
  progress?: Progress | undefined
}

/** A token of the copy, for one captured user. */
export interface CapturedToken {
  userId: string
  displayName: string
  email: string
  /** The user whose token made the capture: the copy grants them what the service did. */
  capturing: boolean
  /** Bearer token accepted by the served copy (never the service's own token). */
  token: string
}

/** What {@link capture} read, and what it could not. */
export interface CaptureSummary {
  /** Records per table of the copy. */
  counts: Record<string, number>
  /** Requests made to the service (each page of a list counts). */
  requests: number
  /** Milliseconds the capture took. */
  durationMs: number
  /** Reads refused (403, 404), rejected by the contract (validation), or left out by an option. */
  skipped: Skipped[]
  /** Values the API does not reveal, left empty or replaced by a marked placeholder. */
  placeholders: Placeholder[]
}

/** The result of {@link capture}: a state `docplat-mock serve --state` serves, its tokens, a summary. */
export interface CaptureResult {
  state: SerializedState
  tokens: CapturedToken[]
  summary: CaptureSummary
}

/** A capture that cannot go on: a wrong token, an organization the token cannot read. */
export class CaptureError extends Error {
  override name = 'CaptureError'
}

/**
 * Reads, through the SDK, everything `client`'s token can see (organizations, members, teams,
 * collections, spaces with their content, comments and change requests, sites, translation
 * settings, OpenAPI specifications, SAML providers, integration installations) into a state
 * that `docplat-mock serve --state` and `platform.restore()` accept, keeping the service's IDs.
 * Each captured user gets a token of the copy. See docs/capture.md for what the API does not
 * reveal and how the copy stands in for it.
 *
 * @example
 * ```ts
 * import { createClient } from 'docplat'
 * import { capture, saveStateFile } from 'docplat/mock/node'
 * import { createMockPlatform } from 'docplat/mock'
 *
 * const client = createClient({ token: process.env.DOCPLAT_TOKEN!, baseUrl: 'https://api.docplat.dev' })
 * const { state, tokens, summary } = await capture({ client, organizations: ['org_123'] })
 * const copy = createMockPlatform({ scenario: 'empty' })
 * await copy.restore(state)
 * await saveStateFile(copy, 'state.json')
 * console.log(summary.counts, tokens.find((t) => t.capturing)?.userId)
 * ```
 */
export async function capture(options: CaptureOptions): Promise<CaptureResult> {
  const started = Date.now()
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4))
  const progress = options.progress ?? silentProgress
  const ctx = new CaptureContext(options.client, concurrency, progress)
  const copy = new Copy()
  const limits = { maxPages: options.maxPagesPerSpace, noContent: options.noContent ?? false }

  progress.phase('organizations')
  let orgs: Organization[]
  try {
    // A service that cannot be reached at all is reported at once rather than after every backoff.
    orgs = (await ctx.list('organizations', () => ctx.client.orgs.list({}, { retry: 1 }).pages())) ?? []
  } catch (error) {
    if (error instanceof APIError && error.status === 401)
      throw new CaptureError('The service refused the token (401): check --token and --base')
    throw error
  }
  if (options.organizations?.length) {
    const wanted = new Set(options.organizations)
    for (const id of wanted) {
      if (orgs.some((o) => o.id === id)) continue
      const org = await ctx.read(`organization ${id}`, () => ctx.client.orgs.get({ organizationId: id }))
      if (!org) throw new CaptureError(`The token has no access to organization ${id}`)
      orgs.push(org)
    }
    orgs = orgs.filter((o) => wanted.has(o.id))
  }

  let self: string | undefined
  for (const org of orgs) if ((self ??= await whoAmI(ctx, org.id)) !== undefined) break

  const captured = new Set<string>()
  const collectionsByOrg = new Map<string, Collection[]>()
  const membersByOrg = new Map<string, Member[]>()
  for (const org of orgs) {
    const { createdAt } = addOrganization(ctx, copy, org)
    captured.add(org.id)
    progress.phase(`members of ${org.title}`)
    const members = await captureMembers(ctx, copy, org.id, self)
    membersByOrg.set(org.id, members)
    progress.phase(`teams of ${org.title}`)
    await captureTeams(ctx, copy, org.id, members)
    collectionsByOrg.set(org.id, await captureCollections(ctx, copy, org.id, createdAt))
  }

  progress.phase('spaces')
  const spaces = new Map<string, Space>()
  if (options.spaces?.length) {
    for (const spaceId of options.spaces) {
      const space = await ctx.read(`space ${spaceId}`, () => ctx.client.spaces.get({ spaceId }))
      if (!space) continue
      if (!captured.has(space.organization)) {
        ctx.skipped.push({
          what: `space ${spaceId}`,
          reason: `its organization ${space.organization} is not captured (the token cannot read it, or --org left it out)`,
        })
        continue
      }
      spaces.set(spaceId, space)
    }
  } else {
    for (const org of orgs)
      for (const space of await listSpaces(ctx, org.id, self, collectionsByOrg.get(org.id) ?? [])) spaces.set(space.id, space)
  }
  const positions = await spacePositions(ctx, [...spaces.values()], [...collectionsByOrg.values()].flat())
  for (const space of spaces.values()) addSpace(copy, space, positions.get(space.id)!)
  for (const org of orgs) {
    // Only an admin may list other members' spaces; anyone may list their own.
    const members = membersByOrg.get(org.id) ?? []
    const admin = members.some((m) => (m.user?.id ?? m.id) === self && m.role === 'admin')
    if (!admin && members.length > 1) {
      ctx.skipped.push({
        what: `organization ${org.id}: other members' roles on spaces (explicit grants)`,
        reason: 'only organization admins may list them',
      })
    }
    await captureGrants(ctx, copy, org.id, admin ? members : members.filter((m) => (m.user?.id ?? m.id) === self))
  }

  progress.phase('space content', spaces.size)
  await ctx.each([...spaces.values()], async (space) => {
    const revision = await captureRevision(ctx, copy, { spaceId: space.id }, limits)
    if (!revision) copy.delete('spaces', space.id)
    else {
      await captureThread(ctx, copy, { spaceId: space.id })
      await captureChangeRequests(ctx, copy, space, self, limits)
    }
    progress.tick(space.title)
  })

  progress.phase('sites and services', orgs.length)
  for (const org of copy.rows('organizations')) {
    await captureSites(ctx, copy, org.id, org.createdAt)
    await captureServices(ctx, copy, org.id)
    progress.tick(org.title)
  }
  progress.phase('integrations')
  await captureIntegrations(ctx, copy, captured, self)
  progress.done()

  const hidden = copy.rows('users').filter((u) => u.email === '').length
  if (hidden > 0) ctx.placeholder('users.email', "empty: the service did not show these users' emails to the capturing user", hidden)
  const tokens = issueTokens(copy, self)
  const state = await assemble(copy)
  return {
    state,
    tokens,
    summary: {
      counts: copy.counts(),
      requests: ctx.requests,
      durationMs: Date.now() - started,
      skipped: ctx.skipped,
      placeholders: ctx.placeholders,
    },
  }
}

/** One token of the copy per captured user, from a cryptographic source: the service's tokens are never shown. */
function issueTokens(copy: Copy, self: string | undefined): CapturedToken[] {
  const tokens: CapturedToken[] = []
  for (const user of copy.rows('users')) {
    const id = user.id
    const capturing = id === self
    const token = `dpt_captured_${randomBytes(18).toString('base64url')}`
    copy.add('tokens', { id: token, user: id, label: capturing ? 'captured: capturing user' : 'captured' })
    tokens.push({ userId: id, displayName: user.displayName, email: user.email, capturing, token })
  }
  return tokens.sort((a, b) => Number(b.capturing) - Number(a.capturing))
}

/**
 * The copy as a platform state. Its clock starts at the latest time the service reported (the
 * capturing user's ping sets their `lastSeenAt` to the service's now), so retention and
 * processing runs continue from where the service was. The state is restored into a scratch
 * platform before it is returned: a copy the mock would refuse never reaches a file.
 */
async function assemble(copy: Copy): Promise<SerializedState> {
  let latest = 0
  // Times things happened (`createdAt`, `lastSeenAt`...), not times that lie ahead (a certificate's expiry).
  const scan = (value: unknown, key = ''): void => {
    if (typeof value === 'string') {
      if (/At$/.test(key) && !/xpiresAt$/.test(key) && /^\d{4}-\d\d-\d\dT/.test(value)) {
        const ms = Date.parse(value)
        if (ms > latest) latest = ms
      }
    } else if (Array.isArray(value)) value.forEach((v) => scan(v, key))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) scan(v, k)
  }
  scan(copy.tables())
  const scratch = createMockPlatform({ scenario: 'empty', ...(latest > 0 ? { now: latest } : {}) })
  await scratch.ready
  const base = scratch.snapshot()
  const state: SerializedState = { ...base, seq: copy.seq, tables: { ...base.tables, ...copy.tables() } }
  await scratch.restore(state)
  return state
}
