import { createClient, type Client } from '../src/index.ts'
import { createMockPlatform } from '../mock/index.ts'
import { fmt, rates } from './harness.ts'

/**
 * Goal 18.1 (last sentence): a member's `listSpaces` first page and the suggested AI questions
 * cost the same whatever the number of spaces in the organization. Measured at 100, 1,000 and
 * 10,000 spaces (one page each, a question heading in every third) for a member who sees every
 * space (organization role `read`) and a guest who sees five (direct and team grants); the
 * baseline is the same call at 100 spaces, in the same run.
 */

const SIZES = [100, 1_000, 10_000] as const
/** A call's cost at 10,000 spaces may be at most this many times its cost at 100. */
const GOAL = 1.5

interface Org {
  member: Client
  guest: Client
  organizationId: string
  memberId: string
  guestId: string
  /** Milliseconds of the first suggestion call after building (it files every space's questions once). */
  firstQuestionsMs: number
}

async function build(spaces: number): Promise<Org> {
  const platform = createMockPlatform({ scenario: 'empty', seed: 'member-spaces' })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Many spaces' })
  await b.user({ organization: org.id, role: 'admin', displayName: 'Admin' })
  const member = await b.user({ organization: org.id, role: 'read', displayName: 'Member' })
  const guest = await b.user({ organization: org.id, role: null, displayName: 'Guest' })
  const team = await b.team({ organization: org.id, title: 'Readers', members: [guest.user.id] })
  const collection = await b.collection({ organization: org.id, title: 'Shared' })
  for (let i = 0; i < spaces; i++) {
    // Spread the guest's five spaces over the organization: two direct grants, one team grant, two under a granted collection.
    const slot = Math.floor((i * 5) / spaces) === Math.floor(((i + 1) * 5) / spaces) ? -1 : Math.floor(((i + 1) * 5) / spaces) - 1
    const space = await b.space({
      organization: org.id,
      title: `Space ${i}`,
      visibility: 'private',
      parent: slot >= 3 ? collection.id : undefined,
    })
    const markdown = i % 3 === 0 ? `About space ${i}.\n\n## How do I use space ${i}?\n\nLike this.` : `About space ${i}, in a few words.`
    await b.page({ space: space.id, title: `Guide ${i}`, markdown })
    if (slot === 0 || slot === 1) await b.grant({ target: space.id, principal: guest.user.id, role: 'read' })
    if (slot === 2) await b.grant({ target: space.id, principal: team.id, role: 'comment' })
  }
  await b.grant({ target: collection.id, principal: guest.user.id, role: 'read' })
  const client = (token: string) => createClient({ token, fetch: platform.fetch, retry: 0 })
  const memberClient = client(member.token)
  const start = performance.now()
  await memberClient.orgs.ask.listQuestions({ organizationId: org.id })
  const firstQuestionsMs = performance.now() - start
  return {
    member: memberClient,
    guest: client(guest.token),
    organizationId: org.id,
    memberId: member.user.id,
    guestId: guest.user.id,
    firstQuestionsMs,
  }
}

function measure(org: Org) {
  const { organizationId } = org
  const page = (client: Client, userId: string) => async () => {
    const result = await client.orgs.members.listSpaces({ organizationId, userId })
    if (result.items.length === 0) throw new Error('no spaces listed')
  }
  const questions = (client: Client) => async () => {
    const { questions } = await client.orgs.ask.listQuestions({ organizationId })
    if (questions.length === 0) throw new Error('no questions')
  }
  return rates(
    {
      memberPage: page(org.member, org.memberId),
      guestPage: page(org.guest, org.guestId),
      memberQuestions: questions(org.member),
      guestQuestions: questions(org.guest),
    },
    { ms: 200, rounds: 5, warmup: 150 },
  )
}

const LABELS = {
  memberPage: '`listSpaces` first page, member seeing every space (100 items)',
  guestPage: '`listSpaces` first page, guest seeing 5 spaces',
  memberQuestions: 'suggested questions, member seeing every space',
  guestQuestions: 'suggested questions, guest seeing 5 spaces',
} as const

export async function memberSpaces(): Promise<string[]> {
  const results: Array<{ spaces: number; rates: Awaited<ReturnType<typeof measure>>; first: number }> = []
  for (const spaces of SIZES) {
    const org = await build(spaces)
    results.push({ spaces, rates: await measure(org), first: org.firstQuestionsMs })
  }
  const us = (rate: number) => fmt(1e6 / rate, 1)
  const base = results[0]!
  const top = results.at(-1)!
  const ratios = (Object.keys(LABELS) as Array<keyof typeof LABELS>).map((k) => ({ k, ratio: base.rates[k] / top.rates[k] }))
  const worst = Math.max(...ratios.map((r) => r.ratio))
  return [
    `## A member's spaces and suggested questions by organization size (µs per call, medians of interleaved rounds)`,
    '',
    'Baseline: the same call at 100 spaces. Every space has one page (a question heading in every third); the member has the organization role `read` and sees every space, the guest sees five (direct, team and collection grants).',
    '',
    `| call | ${SIZES.map((n) => `${n.toLocaleString('en')} spaces`).join(' | ')} | ${top.spaces.toLocaleString('en')} / ${base.spaces} |`,
    `|---|${SIZES.map(() => '---|').join('')}---|`,
    ...ratios.map(({ k, ratio }) => `| ${LABELS[k]} | ${results.map((r) => us(r.rates[k])).join(' | ')} | ${ratio.toFixed(2)}x |`),
    `| first suggestion call after building (files every space's questions once; ms) | ${results.map((r) => fmt(r.first, 1)).join(' | ')} | ${(top.first / base.first).toFixed(1)}x |`,
    '',
    `Goal (member spaces and questions): at most ${GOAL}x from 100 to 10,000 spaces: ${worst <= GOAL ? 'met' : 'NOT met'} (worst ${worst.toFixed(2)}x).`,
  ]
}

if (import.meta.main) console.log((await memberSpaces()).join('\n'))
