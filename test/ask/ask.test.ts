import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError, type Client } from '../../src/index.ts'
import { rejects } from '../helpers.ts'
import { askSetup, pageUrl } from './helpers.ts'

describe('orgs.ask.ask', () => {
  it('quotes the best matching sections of the content, with their pages as sources', async () => {
    const { read, demo, space, page } = await askSetup()
    const { answer } = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'How do I install the CLI?' })
    const markdown = answer.answer!.markdown!
    const guide = demo.spaces.guide
    expect(markdown.split('\n\n')[0]).toBe('Here is what I found about “How do I install the CLI?”:')
    expect(markdown).toContain(
      `**[Quickstart › 1. Install the CLI](${pageUrl(demo.acme, guide, 'quickstart#1-install-the-cli')})** (Getting Started):\n\n\`\`\`bash\nnpm install --global @acme/cli\nacme login\n\`\`\``,
    )
    // Variables are filled in as readers see them.
    expect(markdown).toContain('```bash\nnpm install --global @acme/cli@4.2.0\n```')
    expect(markdown).not.toContain('{{')

    const quickstart = page(guide, 'Quickstart')
    const installation = page(guide, 'Installation')
    expect(answer.sources!.map((s) => s.page)).toEqual([quickstart.page, installation.page, page(guide, 'Welcome').page])
    expect(answer.sources![0]).toEqual({
      type: 'page',
      reason: 'Matches the question in “1. Install the CLI”.',
      page: quickstart.page,
      revision: space(guide).revision,
      space: guide,
      sections: [expect.any(String)],
    })
    expect(answer.sources![1]!.reason).toBe('Matches the question in “Install with npm” and “Install with Docker”.')
    // Section IDs are the ones search reports for the same sections.
    const search = await read.spaces.search({ spaceId: guide, query: 'install cli' })
    const searched = search.items.flatMap((p) => p.sections!.map((s) => s.id))
    for (const source of answer.sources!) for (const section of source.sections!) expect(searched).toContain(section)
    expect(answer.followupQuestions).toEqual([
      'What is in “Spaces and collections”?',
      'What is in “Authentication”?',
      'What is in “Permissions”?',
    ])
  })

  it('quotes the first sentences of a section, and lists as lists', async () => {
    const { read, demo } = await askSetup()
    const intro = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'macOS Linux Windows' })
    expect(intro.answer.answer!.markdown).toBe(
      'Here is what I found about “macOS Linux Windows”:\n\n' +
        `**[Installation](${pageUrl(demo.acme, demo.spaces.guide, 'installation')})** (Getting Started): The Acme CLI runs on macOS, Linux and Windows. The current version is 4.2.0.`,
    )
    expect(intro.answer.sources![0]!.reason).toBe('Matches the question in the introduction.')
    const scopes = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'token scopes' })
    expect(scopes.answer.answer!.markdown).toContain(
      '(Getting Started):\n\n- read: read content\n- write: edit content and open change requests\n- admin: manage members, teams and billing\n\nSee Permissions for what each role allows.',
    )
  })

  it('takes the question heading an author wrote, and suggests the other questions of the page', async () => {
    const { read, demo } = await askSetup()
    const { answer } = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'is there a free plan' })
    expect(answer.answer!.markdown).toBe(
      'Here is what I found about “is there a free plan”:\n\n' +
        `**[FAQ › Is there a free plan?](${pageUrl(demo.acme, demo.spaces.guide, 'faq#is-there-a-free-plan')})** (Getting Started): Yes: the free plan includes one public space. See the pricing sheet.`,
    )
    expect(answer.followupQuestions).toEqual(['Can I use my own domain?', 'How do I delete my account?', 'What is in “Welcome”?'])
  })

  it('quotes the first sections of a page whose title matches', async () => {
    const { admin, demo } = await askSetup()
    const { answer } = await admin.orgs.ask.ask({ organizationId: demo.acme, query: 'What is on the 2026 roadmap?' })
    expect(answer.sources).toEqual([
      expect.objectContaining({
        space: demo.spaces.roadmap,
        reason: 'Its title matches the question.',
        sections: [expect.any(String), expect.any(String)],
      }),
    ])
    expect(answer.answer!.markdown).toContain('› Q1](')
    expect(answer.answer!.markdown).toContain('- AI summaries of change requests')
  })

  it('answers with the closest pages when none covers every word', async () => {
    const { read, demo } = await askSetup()
    const { answer } = await read.orgs.ask.ask({
      organizationId: demo.acme,
      query: 'How do I configure kubernetes webhooks?',
      details: true,
    })
    expect(answer.answer!.markdown!.split('\n\n')[0]).toBe(
      'No page you can view covers all of “How do I configure kubernetes webhooks?”; these come closest:',
    )
    expect(answer.sources).toHaveLength(1)
    expect(answer.sources![0]!.reason).toBe('Matches “webhooks” from the question in “3. Write and publish”.')
    expect(answer.answer!.markdown).toContain('To be notified when readers open a page, set up webhooks.')
    expect(answer.query).toMatchObject({ terms: ['webhooks'], match: 'some', results: 1 })
  })

  it('says so when nothing matches, without sources, and suggests questions', async () => {
    const { read, demo } = await askSetup()
    const { answer } = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'zzzzqx' })
    expect(answer.answer).toEqual({
      markdown: 'I found nothing about “zzzzqx” in the content you can view.\n\nTry other words, or one of the suggested questions.',
    })
    expect(answer.sources).toEqual([])
    const { questions } = await read.orgs.ask.listQuestions({ organizationId: demo.acme })
    expect(answer.followupQuestions).toEqual(questions.slice(0, 3))
    // Words search leaves out find nothing either.
    const stopWords = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'how do I' })
    expect(stopWords.answer.sources).toEqual([])
  })

  it('adds query details only when asked', async () => {
    const { read, demo } = await askSetup()
    const plain = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'install cli' })
    expect(plain.answer).not.toHaveProperty('query')
    const detailed = await read.orgs.ask.ask({ organizationId: demo.acme, query: '  How do I   install the CLI? ', details: true })
    expect(detailed.answer.query).toEqual({
      text: 'How do I install the CLI?',
      terms: ['install', 'cli'],
      match: 'all',
      results: 3,
      spaces: [{ id: demo.spaces.guide, title: 'Getting Started', pages: 3 }],
    })
    const token = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'token', details: true })
    expect(token.answer.query!.spaces.map((s) => s.title)).toEqual(['Getting Started', 'API Reference', 'Employee Handbook'])
    expect(token.answer.query!.results).toBe(token.answer.query!.spaces.reduce((n, s) => n + s.pages, 0))
    const none = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'zzzzqx', details: true })
    expect(none.answer.query).toEqual({ text: 'zzzzqx', terms: [], match: 'none', results: 0, spaces: [] })
  })

  it('returns a document tree with format=document, the same answer as its markdown', async () => {
    const { read, demo } = await askSetup()
    const markdown = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'token scopes', format: 'markdown' })
    const document = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'token scopes', format: 'document' })
    expect(document.answer.answer).not.toHaveProperty('markdown')
    expect(markdown.answer.answer).not.toHaveProperty('document')
    const tree = document.answer.answer!.document!
    expect(tree.object).toBe('document')
    expect(tree.nodes.map((n) => n.type)).toEqual(['paragraph', 'paragraph', 'list-unordered', 'paragraph'])
    expect(tree.nodes[0]).toEqual({
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', text: 'Here is what I found about “token scopes”:', marks: [] }],
    })
    expect(tree.nodes[1]!.nodes![0]).toEqual({
      object: 'inline',
      type: 'link',
      ref: { kind: 'url', url: pageUrl(demo.acme, demo.spaces.guide, 'concepts/authentication#token-scopes') },
      nodes: [{ object: 'text', text: 'Authentication › Token scopes', marks: ['bold'] }],
    })
    expect(tree.nodes[2]!.nodes).toHaveLength(3)
    expect({ ...document.answer, answer: undefined }).toEqual({ ...markdown.answer, answer: undefined })
  })

  it('escapes what the content says, so markdown syntax in it stays text', async () => {
    const { platform, read, demo } = await askSetup()
    await platform.builders.page({
      space: demo.spaces.guide,
      title: 'Glyphs *and* [brackets]',
      markdown: 'Write a\\_b, `<tag>` and 1 | 2 & 3 as they are.',
    })
    const { answer } = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'glyphs brackets', format: 'document' })
    const texts: string[] = []
    const walk = (nodes: ReadonlyArray<{ text?: string; nodes?: unknown }>) => {
      for (const n of nodes) {
        if (typeof n.text === 'string') texts.push(n.text)
        if (Array.isArray(n.nodes)) walk(n.nodes)
      }
    }
    walk(answer.answer!.document!.nodes)
    expect(texts).toContain('Glyphs *and* [brackets]')
    expect(texts).toContain(' (Getting Started): Write a_b, <tag> and 1 | 2 & 3 as they are.')
  })

  it('follows the content: a new page is cited at once', async () => {
    const { platform, read, demo, page } = await askSetup()
    const before = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'helm chart' })
    expect(before.answer.sources).toEqual([])
    await platform.builders.page({
      space: demo.spaces.guide,
      title: 'Kubernetes',
      markdown: 'Deploy with the Helm chart. It needs Kubernetes 1.30.\n\n## Values\n\nSet `replicas` to scale.',
    })
    const after = await read.orgs.ask.ask({ organizationId: demo.acme, query: 'helm chart' })
    expect(after.answer.sources).toEqual([
      expect.objectContaining({ page: page(demo.spaces.guide, 'Kubernetes').page, space: demo.spaces.guide }),
    ])
    expect(after.answer.answer!.markdown).toContain('(Getting Started): Deploy with the Helm chart. It needs Kubernetes 1.30.')
  })
})

describe('answers never draw on content the caller cannot view', () => {
  /** Puts a "Widget" page in every Acme space (the deleted one too), so a question matches them all. */
  async function widgets() {
    const ctx = await askSetup()
    for (const spaceId of Object.values(ctx.demo.spaces)) {
      if (ctx.space(spaceId).organization !== ctx.demo.acme) continue
      await ctx.platform.builders.page({ space: spaceId, title: 'Widget notes', markdown: `The widget of ${ctx.space(spaceId).title}.` })
    }
    return ctx
  }

  const ask = (client: Client, organizationId: string, query: string) => client.orgs.ask.ask({ organizationId, query, details: true })

  /** The spaces an answer matched (every one, not only the cited three), by title. */
  const matched = async (client: Client, organizationId: string, query: string) =>
    (await ask(client, organizationId, query)).answer.query!.spaces.map((s) => s.title).sort()

  it('matches exactly the spaces each caller can open, never a deleted one', async () => {
    const { platform, admin, read, guest, outsider, demo, space } = await widgets()
    const live = ['API Reference', 'Changelog', 'Customer Portal', 'Employee Handbook', 'Getting Started', 'Partner Guide', 'Roadmap']
    expect(await matched(admin, demo.acme, 'widget')).toEqual(live)
    expect(await matched(read, demo.acme, 'widget')).toEqual(live)
    // A guest sees public and unlisted spaces, and the handbook they were granted.
    expect(await matched(guest, demo.acme, 'widget')).toEqual(['Changelog', 'Employee Handbook', 'Getting Started'])
    // The outsider, made a guest of Acme without grants, sees only what anyone may read.
    await platform.builders.member(demo.acme, demo.users.outsider, null)
    expect(await matched(outsider, demo.acme, 'widget')).toEqual(['Changelog', 'Getting Started'])

    // Cross-check with the spaces API: every matched space opens for that caller.
    for (const client of [admin, read, guest, outsider]) {
      const { answer } = await ask(client, demo.acme, 'widget')
      for (const s of answer.query!.spaces) await expect(client.spaces.get({ spaceId: s.id })).resolves.toMatchObject({ id: s.id })
      for (const source of answer.sources!) expect(answer.query!.spaces.map((s) => s.id)).toContain(source.space)
      expect(answer.sources!.map((s) => s.space)).not.toContain(demo.spaces.archive)
    }
    expect(space(demo.spaces.archive).deletedAt).toBeDefined()
  })

  it('cites a private space for its members, never for a guest or a stranger', async () => {
    const { platform, admin, read, guest, outsider, demo } = await askSetup()
    const question = 'What is on the 2026 roadmap?'
    for (const client of [admin, read]) {
      const { answer } = await client.orgs.ask.ask({ organizationId: demo.acme, query: question })
      expect(answer.sources!.map((s) => s.space)).toEqual([demo.spaces.roadmap])
      expect(answer.answer!.markdown).toContain('Offline editing')
    }
    // The guest gets the closest pages they may view ("2026" is in the changelog), never the roadmap.
    const asGuest = await guest.orgs.ask.ask({ organizationId: demo.acme, query: question, details: true })
    expect(asGuest.answer.query!.match).toBe('some')
    expect(asGuest.answer.sources!.map((s) => s.space)).toEqual([demo.spaces.changelog])
    expect(asGuest.answer.answer!.markdown).not.toContain('Offline editing')
    // Outside Acme the outsider gets a 404, as on every organization route; as a guest, nothing private.
    await rejects(outsider.orgs.ask.ask({ organizationId: demo.acme, query: question }), NotFoundError, demo.acme)
    await platform.builders.member(demo.acme, demo.users.outsider, null)
    const asOutsider = await outsider.orgs.ask.ask({ organizationId: demo.acme, query: question })
    expect(asOutsider.answer.sources!.map((s) => s.space)).toEqual([demo.spaces.changelog])
    expect((await guest.orgs.ask.listQuestions({ organizationId: demo.acme })).questions).not.toContain('What is in “2026 roadmap”?')
  })

  it("answers from the asked organization's spaces only", async () => {
    const { admin, outsider, read, demo } = await askSetup()
    // The outsider administers Globex: its private space answers them there.
    const inGlobex = await outsider.orgs.ask.ask({ organizationId: demo.globex, query: 'onboarding first week' })
    expect(inGlobex.answer.sources!.map((s) => s.space)).toEqual([demo.spaces.globexDocs])
    // Acme's members asking in Acme never get Globex content, private or public.
    for (const client of [admin, read]) {
      const { answer } = await client.orgs.ask.ask({ organizationId: demo.acme, query: 'onboarding first week', details: true })
      expect(answer.query!.match).toBe('some')
      expect(answer.sources!.length).toBeGreaterThan(0)
      for (const source of answer.sources!) expect([demo.spaces.globexDocs, demo.spaces.globexPublic]).not.toContain(source.space)
      expect(answer.answer!.markdown).not.toContain('Globex')
      await rejects(client.orgs.ask.ask({ organizationId: demo.globex, query: 'onboarding first week' }), NotFoundError)
    }
  })
})

describe('orgs.ask.ask refusals', () => {
  it('refuses anonymous callers (401), strangers and unknown organizations (404)', async () => {
    const { anonymous, outsider, read, demo } = await askSetup()
    await rejects(anonymous.orgs.ask.ask({ organizationId: demo.acme, query: 'token' }), AuthenticationError)
    await rejects(
      outsider.orgs.ask.ask({ organizationId: demo.acme, query: 'token' }),
      NotFoundError,
      `Organization ${demo.acme} not found`,
    )
    await rejects(read.orgs.ask.ask({ organizationId: 'no-such-org', query: 'token' }), NotFoundError)
  })

  it('answers 403 on all four operations when the organization turns AI off, and again once it is back on', async () => {
    const { admin, read, demo } = await askSetup()
    await admin.orgs.update({ organizationId: demo.acme, ai: false })
    const organizationId = demo.acme
    for (const client of [admin, read]) {
      await rejects(client.orgs.ask.ask({ organizationId, query: 'token' }), PermissionDeniedError, 'organization.ai is false')
      await rejects(client.orgs.ask.listQuestions({ organizationId }), PermissionDeniedError, 'organization.ai is false')
      await rejects(client.orgs.ask.stream({ organizationId, query: 'token' }), PermissionDeniedError, 'organization.ai is false')
      await rejects(client.orgs.ask.streamQuestions({ organizationId }), PermissionDeniedError, 'organization.ai is false')
    }
    await admin.orgs.update({ organizationId: demo.acme, ai: true })
    expect((await read.orgs.ask.ask({ organizationId, query: 'token' })).answer.sources!.length).toBeGreaterThan(0)
  })

  it('checks the question (1 to 512 characters, not blank) and the options, naming the field', async () => {
    const { read, demo } = await askSetup()
    const organizationId = demo.acme
    await rejects(read.orgs.ask.ask({ organizationId } as never), BadRequestError, 'Invalid body.query: is required')
    await rejects(read.orgs.ask.ask({ organizationId, query: '' }), BadRequestError, 'Invalid body.query: must not be empty')
    await rejects(read.orgs.ask.ask({ organizationId, query: '   ' }), BadRequestError, 'Invalid body.query: must not be blank')
    await rejects(
      read.orgs.ask.ask({ organizationId, query: 'x'.repeat(513) }),
      BadRequestError,
      'Invalid body.query: must be at most 512 characters',
    )
    await rejects(read.orgs.ask.ask({ organizationId, query: 42 as never }), BadRequestError, 'Invalid body.query: expected string')
    await rejects(
      read.orgs.ask.ask({ organizationId, query: 'token', format: 'html' as never }),
      BadRequestError,
      'Invalid query.format: must be one of: "markdown", "document"',
    )
    await rejects(read.orgs.ask.ask({ organizationId, query: 'token', details: 'yes' as never }), BadRequestError, 'Invalid query.details')
    const longest = await read.orgs.ask.ask({ organizationId, query: `token ${'y'.repeat(506)}` })
    expect(longest.answer.answer!.markdown).toContain('“token yyy')
    // The answer repeats at most the first 100 characters of a long question.
    expect(longest.answer.answer!.markdown!.split('\n\n')[0]!.length).toBeLessThan(160)
  })
})
