import { describe, expect, it } from 'vitest'
import { AuthenticationError, NotFoundError } from '../../src/index.ts'
import { clientFor, collect, rejects } from '../helpers.ts'
import { askSetup } from './helpers.ts'

/** What the demo suggests to a member who can view every Acme space. */
const MEMBER_QUESTIONS = [
  // Headings the authors wrote as questions come first, a space at a time...
  'Is there a free plan?',
  'When am I charged?',
  'Can I use my own domain?',
  'How do I delete my account?',
  // ...then one question per page title, a space at a time, in table-of-contents order.
  'What is in “Welcome”?',
  'What is in “Overview”?',
  'What is in “v4.2.0”?',
  'What is in “Partner program”?',
  'What is in “Your account”?',
  'What is in “Welcome to Acme”?',
]

describe('orgs.ask.listQuestions', () => {
  it('suggests questions from the content, in a fixed order', async () => {
    const { admin, read, demo } = await askSetup()
    expect((await admin.orgs.ask.listQuestions({ organizationId: demo.acme })).questions).toEqual(MEMBER_QUESTIONS)
    expect((await read.orgs.ask.listQuestions({ organizationId: demo.acme })).questions).toEqual(MEMBER_QUESTIONS)
  })

  it('draws only on the spaces the caller can view', async () => {
    const { guest, demo } = await askSetup()
    const { questions } = await guest.orgs.ask.listQuestions({ organizationId: demo.acme })
    // The guest cannot view the customer portal (its billing FAQ) nor the roadmap.
    expect(questions).toEqual([
      'Is there a free plan?',
      'Can I use my own domain?',
      'How do I delete my account?',
      'What is in “Welcome”?',
      'What is in “v4.2.0”?',
      'What is in “Welcome to Acme”?',
      'What is in “Quickstart”?',
      'What is in “v4.1.0”?',
      'What is in “Benefits”?',
      'What is in “Installation”?',
    ])
  })

  it('suggests questions that the content answers', async () => {
    const { read, demo } = await askSetup()
    const { questions } = await read.orgs.ask.listQuestions({ organizationId: demo.acme })
    for (const query of questions) {
      const { answer } = await read.orgs.ask.ask({ organizationId: demo.acme, query, details: true })
      expect(answer.query!.match, query).toBe('all')
      expect(answer.sources!.length, query).toBeGreaterThan(0)
    }
  })

  it('follows the content: a new question heading is suggested, a page marked noIndex is not', async () => {
    const { platform, read, demo } = await askSetup()
    await platform.builders.page({
      space: demo.spaces.changelog,
      title: 'Upgrading',
      markdown: '## How do I upgrade to v5?\n\nRun `acme upgrade`.',
    })
    await platform.builders.page({
      space: demo.spaces.guide,
      title: 'Internal notes',
      markdown: '## Why is this hidden?\n\nIt is.',
      noIndex: true,
    })
    const { questions } = await read.orgs.ask.listQuestions({ organizationId: demo.acme })
    expect(questions.slice(0, 5)).toEqual([
      'Is there a free plan?',
      'How do I upgrade to v5?',
      'When am I charged?',
      'Can I use my own domain?',
      'How do I delete my account?',
    ])
    expect(questions).not.toContain('Why is this hidden?')
  })

  it('suggests nothing in an organization without content', async () => {
    const { platform } = await askSetup()
    const org = await platform.builders.organization({ title: 'Empty Inc' })
    const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
    const client = clientFor(platform, token)
    expect(await client.orgs.ask.listQuestions({ organizationId: org.id })).toEqual({ questions: [] })
    expect(await collect(client.orgs.ask.streamQuestions({ organizationId: org.id }))).toEqual([])
  })

  it('refuses anonymous callers (401) and strangers (404)', async () => {
    const { anonymous, outsider, demo } = await askSetup()
    await rejects(anonymous.orgs.ask.listQuestions({ organizationId: demo.acme }), AuthenticationError)
    await rejects(outsider.orgs.ask.listQuestions({ organizationId: demo.acme }), NotFoundError)
    await rejects(anonymous.orgs.ask.streamQuestions({ organizationId: demo.acme }), AuthenticationError)
    await rejects(outsider.orgs.ask.streamQuestions({ organizationId: demo.acme }), NotFoundError)
  })
})

describe('orgs.ask.streamQuestions', () => {
  it('sends one event per suggested question, in the same order', async () => {
    const { read, demo } = await askSetup()
    const events: Array<{ question: string }> = []
    for await (const event of read.orgs.ask.streamQuestions({ organizationId: demo.acme })) events.push(event)
    expect(events).toEqual(MEMBER_QUESTIONS.map((question) => ({ question })))
  })
})
