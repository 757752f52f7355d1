import { randomBytes } from 'node:crypto'
import { RateLimitError } from '../../../src/index.ts'
import type { Member } from '../../../src/schemas/member.ts'
import type { Organization } from '../../../src/schemas/organization.ts'
import type { User } from '../../../src/schemas/shared.ts'
import type { Team } from '../../../src/schemas/team.ts'
import type { CaptureContext } from './context.ts'
import type { Copy, RecordOf } from './copy.ts'
import { timeOr, UNKNOWN_TIME } from './fields.ts'

/**
 * Who the token belongs to. The API has no "me" operation; the visitor JWT that `ping` returns
 * names the caller (`sub`). Ping also records the visit (`lastSeenAt`): the one write a capture
 * makes, documented in docs/capture.md.
 */
export async function whoAmI(ctx: CaptureContext, organizationId: string): Promise<string | undefined> {
  let result: { serviceVisitorClaims?: string | undefined } | undefined
  // Ping is a POST, which the SDK does not retry: a rate limit is waited out here.
  for (let attempt = 0; ; attempt++) {
    try {
      result = await ctx.read(`organization ${organizationId}: ping (who the token belongs to)`, () =>
        ctx.client.orgs.ping({ organizationId }),
      )
      break
    } catch (error) {
      if (!(error instanceof RateLimitError) || attempt >= 5) throw error
      const seconds = Number(error.headers.get('retry-after'))
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000 * 2 ** attempt, 30_000)),
      )
    }
  }
  const jwt = result?.serviceVisitorClaims
  if (typeof jwt !== 'string') return undefined
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown }
    return typeof payload.sub === 'string' ? payload.sub : undefined
  } catch {
    return undefined
  }
}

/** An organization record from its wire object; the visitor-JWT signing secret is never shown, so a new one is made. */
export function addOrganization(ctx: CaptureContext, copy: Copy, org: Organization): RecordOf<'organizations'> {
  ctx.placeholder('organizations.visitorSecret', 'a new random secret: the service never shows the one that signs its visitor JWTs')
  return copy.add('organizations', {
    id: org.id,
    title: org.title,
    createdAt: timeOr(ctx, 'organizations.createdAt', org.createdAt, UNKNOWN_TIME),
    emailDomains: org.emailDomains ?? [],
    hostname: org.hostname ?? org.id,
    type: org.type ?? 'business',
    useCase: org.useCase ?? 'internalDocs',
    communityType: org.communityType,
    defaultRole: org.defaultRole ?? null,
    defaultContent:
      org.defaultContent?.type === undefined || org.defaultContent.site === undefined
        ? undefined
        : { type: org.defaultContent.type, site: org.defaultContent.site },
    logo: org.urls?.logo,
    customHostname: org.customHostname,
    sso: org.sso ?? false,
    ai: org.ai ?? false,
    inviteLinks: org.inviteLinks ?? false,
    plan: org.plan ?? 'free',
    visitorSecret: randomBytes(32).toString('base64url'),
  })
}

/**
 * A user seen anywhere (a member, a comment's author, a reviewer). The API shows a placeholder
 * `{ id, displayName: 'Deleted user' }` for users that are gone: those are not made into users, so
 * the copy shows the same placeholder. An email the caller may not see is left empty and counted.
 */
export function addUser(copy: Copy, user: User | undefined): string | undefined {
  if (!user || typeof user.id !== 'string') return undefined
  const known = copy.get('users', user.id)
  const gone = user.email === undefined && user.urls === undefined && user.displayName === 'Deleted user'
  if (gone) return user.id
  if (known) {
    if (!known.email && typeof user.email === 'string' && user.email) copy.add('users', { ...known, email: user.email })
    return user.id
  }
  copy.add('users', { id: user.id, displayName: user.displayName ?? '', email: user.email ?? '', photoURL: user.photoURL })
  return user.id
}

/** Members (with their users) of an organization; a guest's token only reads its own membership. */
export async function captureMembers(ctx: CaptureContext, copy: Copy, organizationId: string, self: string | undefined): Promise<Member[]> {
  let members = await ctx.list(`organization ${organizationId}: members`, () => ctx.client.orgs.members.list({ organizationId }).pages())
  if (!members && self) {
    const own = await ctx.read(`organization ${organizationId}: own membership`, () =>
      ctx.client.orgs.members.get({ organizationId, userId: self }),
    )
    members = own ? [own] : []
  }
  // Oldest first, so creation order (the copy's tie-break) follows joining order.
  const list = [...(members ?? [])].reverse()
  for (const member of list) {
    const userId = addUser(copy, member.user) ?? member.id
    copy.add('members', {
      id: `${organizationId}:${userId}`,
      organization: organizationId,
      user: userId,
      role: member.role ?? null,
      disabled: member.disabled ?? false,
      sso: member.sso ?? false,
      joinedAt: timeOr(ctx, 'members.joinedAt', member.joinedAt, UNKNOWN_TIME),
      lastSeenAt: member.lastSeenAt,
    })
  }
  return list
}

/**
 * Teams of an organization and who is in them. Team membership is read member by member
 * (`members.listTeams`, which also gives the owner/member role); a token that may not list
 * teams still captures the teams its own user is in.
 */
export async function captureTeams(ctx: CaptureContext, copy: Copy, organizationId: string, members: readonly Member[]): Promise<void> {
  const teams = await ctx.list(`organization ${organizationId}: teams`, () => ctx.client.orgs.teams.list({ organizationId }).pages())
  const addTeam = (team: Team) =>
    copy.add('teams', {
      id: team.id,
      organization: organizationId,
      title: team.title,
      createdAt: timeOr(ctx, 'teams.createdAt', team.createdAt, UNKNOWN_TIME),
    })
  for (const team of teams ?? []) addTeam(team)
  await ctx.each(members, async (member) => {
    const userId = member.user?.id ?? member.id
    const entries = await ctx.list(`organization ${organizationId}: teams of member ${userId}`, () =>
      ctx.client.orgs.members.listTeams({ organizationId, userId }).pages(),
    )
    for (const entry of entries ?? []) {
      addTeam(entry.team)
      copy.add('teamMembers', {
        id: `${entry.team.id}:${userId}`,
        team: entry.team.id,
        user: userId,
        role: entry.member?.role === 'owner' ? 'owner' : 'member',
      })
    }
  })
}
