import * as z from 'zod/mini'
import { AskFormat, AskQuery, AskQuestionEvent, AskQuestions, AskResult, AskStreamEvent } from '../../schemas/ask.ts'
import { defineOperation } from '../define.ts'
import { ORG, org } from '../organizations.ts'

/** How an answer comes back: `format` (markdown, the default, or document) and `details` (how the question was searched). */
const answerQuery = {
  format: z.optional(AskFormat),
  details: z.optional(z.boolean()),
}

export const askInOrganization = defineOperation({
  id: 'askInOrganization',
  method: 'POST',
  idempotent: true,
  path: `${ORG}/ask`,
  sdk: 'orgs.ask.ask',
  status: 200,
  summary: 'Ask a question, answered from the content of the organization the caller can view',
  params: z.object(org),
  query: z.object(answerQuery),
  body: z.object({ query: AskQuery }),
  response: AskResult,
})

export const getRecommendedQuestionsInOrganization = defineOperation({
  id: 'getRecommendedQuestionsInOrganization',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/ask/questions`,
  sdk: 'orgs.ask.listQuestions',
  status: 200,
  summary: 'Suggest questions the content the caller can view answers',
  params: z.object(org),
  response: AskQuestions,
})

export const streamRecommendedQuestionsInOrganization = defineOperation({
  id: 'streamRecommendedQuestionsInOrganization',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/ask/questions/stream`,
  sdk: 'orgs.ask.streamQuestions',
  status: 200,
  summary: 'Suggest questions as Server-Sent Events, one event per question',
  params: z.object(org),
  response: AskQuestionEvent,
  stream: true,
})

export const streamAskInOrganization = defineOperation({
  id: 'streamAskInOrganization',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/ask/stream`,
  sdk: 'orgs.ask.stream',
  status: 200,
  summary: 'Ask a question and receive the answer as Server-Sent Events, each longer than the last, the last one complete',
  params: z.object(org),
  query: z.object({ query: AskQuery, ...answerQuery }),
  response: AskStreamEvent,
  stream: true,
})
