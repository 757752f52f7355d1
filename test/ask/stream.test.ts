import { afterEach, describe, expect, it } from 'vitest'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { AuthenticationError, BadRequestError, createClient, NotFoundError, type AskStreamEvent, type Client } from '../../src/index.ts'
import { rejects } from '../helpers.ts'
import { askSetup } from './helpers.ts'

/** Reads a stream event by event, checking as it goes that each answer extends the previous one. */
async function readAnswer(stream: AsyncIterable<AskStreamEvent>) {
  const events: AskStreamEvent[] = []
  let previous = ''
  for await (const event of stream) {
    expect(event.type).toBe('answer')
    const markdown = event.answer!.answer!.markdown!
    expect(markdown.startsWith(previous)).toBe(true)
    expect(markdown.length).toBeGreaterThan(previous.length)
    previous = markdown
    events.push(event)
  }
  return events
}

describe('orgs.ask.stream', () => {
  it('delivers the answer in several events, each longer, the last equal to the posted answer', async () => {
    const { read, demo } = await askSetup()
    const input = { organizationId: demo.acme, query: 'How do I install the CLI?' }
    const events = await readAnswer(read.orgs.ask.stream(input))
    expect(events.length).toBeGreaterThan(5)
    const { answer } = await read.orgs.ask.ask(input)
    expect(events.at(-1)!.answer).toEqual(answer)
    expect(events[0]!.answer).toEqual({
      answer: { markdown: 'Here is what I found about “How do I install the CLI?”:' },
      followupQuestions: [],
      sources: [],
    })
    // Sources appear as the answer quotes them; the follow-ups come with the complete answer.
    const sources = events.map((e) => e.answer!.sources!.length)
    expect(sources).toEqual([...sources].sort((a, b) => a - b))
    expect(sources.at(-1)).toBe(3)
    expect(events.slice(0, -1).every((e) => e.answer!.followupQuestions!.length === 0)).toBe(true)
    for (const event of events) {
      expect(answer.sources!.slice(0, event.answer!.sources!.length)).toEqual(event.answer!.sources)
    }
  })

  it('streams a no-match answer too, and honours format and details', async () => {
    const { read, demo } = await askSetup()
    const none = await readAnswer(read.orgs.ask.stream({ organizationId: demo.acme, query: 'zzzzqx' }))
    expect(none.map((e) => e.answer!.answer!.markdown)).toEqual([
      'I found nothing about “zzzzqx” in the content you can view.',
      'I found nothing about “zzzzqx” in the content you can view.\n\nTry other words, or one of the suggested questions.',
    ])
    expect(none.every((e) => e.answer!.sources!.length === 0)).toBe(true)

    const input = { organizationId: demo.acme, query: 'token scopes', format: 'document', details: true } as const
    const events: AskStreamEvent[] = []
    for await (const event of read.orgs.ask.stream(input)) events.push(event)
    expect(events.length).toBeGreaterThan(2)
    const sizes = events.map((e) => e.answer!.answer!.document!.nodes.length)
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b))
    for (const event of events) expect(event.answer!.query).toMatchObject({ terms: ['token', 'scopes'], match: 'all' })
    expect(events.at(-1)!.answer).toEqual((await read.orgs.ask.ask(input)).answer)
  })

  it('answers with text/event-stream and checks the question as the posted one does', async () => {
    const { read, anonymous, outsider, demo } = await askSetup()
    const { response } = await read.orgs.ask.stream({ organizationId: demo.acme, query: 'token' }).withResponse()
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    await response.body?.cancel()
    await rejects(read.orgs.ask.stream({ organizationId: demo.acme } as never), BadRequestError, 'Invalid query.query: is required')
    await rejects(read.orgs.ask.stream({ organizationId: demo.acme, query: '' }), BadRequestError, 'Invalid query.query: must not be empty')
    await rejects(
      read.orgs.ask.stream({ organizationId: demo.acme, query: ' \t ' }),
      BadRequestError,
      'Invalid query.query: must not be blank',
    )
    await rejects(
      read.orgs.ask.stream({ organizationId: demo.acme, query: 'q'.repeat(513) }),
      BadRequestError,
      'Invalid query.query: must be at most 512 characters',
    )
    await rejects(
      read.orgs.ask.stream({ organizationId: demo.acme, query: 'token', format: 'pdf' as never }),
      BadRequestError,
      'Invalid query.format',
    )
    await rejects(anonymous.orgs.ask.stream({ organizationId: demo.acme, query: 'token' }), AuthenticationError)
    await rejects(outsider.orgs.ask.stream({ organizationId: demo.acme, query: 'token' }), NotFoundError)
    expect(
      (await readAnswer(read.orgs.ask.stream({ organizationId: demo.acme, query: 'token '.repeat(85).trim() }))).length,
    ).toBeGreaterThan(1)
  })
})

describe('both streams over real HTTP', () => {
  const servers: MockServer[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()))
  })

  async function overHttp(role: 'read' | 'guest') {
    const ctx = await askSetup()
    const server = await startMockServer({ platform: ctx.platform })
    servers.push(server)
    const client: Client = createClient({ baseUrl: server.url, token: ctx.platform.tokens[role]!, retry: 0 })
    return { ...ctx, server, client }
  }

  it('reads the answer event by event through the SDK', async () => {
    const { client, read, demo } = await overHttp('read')
    const input = { organizationId: demo.acme, query: 'is there a free plan', details: true }
    const events = await readAnswer(client.orgs.ask.stream(input))
    expect(events.map((e) => e.answer!.answer!.markdown!.split('\n\n').length)).toEqual([1, 2, 2, 2])
    expect(events.at(-1)!.answer).toEqual((await read.orgs.ask.ask(input)).answer)
    expect(events.at(-1)!.answer!.followupQuestions).toEqual([
      'Can I use my own domain?',
      'How do I delete my account?',
      'What is in “Welcome”?',
    ])
  })

  it('reads the suggested questions event by event through the SDK', async () => {
    const { client, guest, demo } = await overHttp('guest')
    const questions: string[] = []
    for await (const event of client.orgs.ask.streamQuestions({ organizationId: demo.acme })) questions.push(event.question)
    expect(questions).toEqual((await guest.orgs.ask.listQuestions({ organizationId: demo.acme })).questions)
    expect(questions).toHaveLength(10)
  })

  it('writes real Server-Sent Events on the wire, one data line per event', async () => {
    const { server, platform, demo } = await overHttp('read')
    const response = await fetch(`${server.url}/v1/orgs/${demo.acme}/ask/questions/stream`, {
      headers: { authorization: `Bearer ${platform.tokens.read}`, accept: 'text/event-stream' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const body = await response.text()
    const events = body.split('\n\n').filter(Boolean)
    expect(events).toHaveLength(10)
    expect(events[0]).toBe('data: {"question":"Is there a free plan?"}')
    const refused = await fetch(`${server.url}/v1/orgs/${demo.acme}/ask/stream`, {
      headers: { authorization: `Bearer ${platform.tokens.read}` },
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: { code: 400, message: 'Invalid query.query: is required' } })
  })
})
