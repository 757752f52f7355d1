import type * as contract from '../../../src/contract/services/ask.ts'
import { forbidden } from '../../core/http-error.ts'
import type { Caller } from '../../model/access.ts'
import type { OrganizationRecord } from '../../model/orgs/tables.ts'
import { organizationSearchPreparation } from '../../model/content/search.ts'
import { answerPreparation, answerQuestion } from '../../model/services/ask/answer.ts'
import { questionsPreparation, recommendedQuestions } from '../../model/services/ask/questions.ts'
import type { State } from '../../model/state.ts'
import { presentAnswer, presentAnswerSteps, type AnswerOptions } from '../../present/ask.ts'
import { loadOrganization } from '../load.ts'
import { EventStream, Prepare, type Handlers, type OpsOf } from '../types.ts'

/**
 * The organization a member asks in: 404 for anyone outside it (as every organization route),
 * 403 when the organization has turned AI off (`ai: false`). Guests may ask: answers only ever
 * draw on the spaces their grants open.
 */
function loadForAsk(state: State, caller: Caller, organizationId: string): OrganizationRecord {
  const { org } = loadOrganization(state, caller, organizationId)
  if (!org.ai) throw forbidden(`AI is turned off for organization ${org.id} (organization.ai is false)`)
  return org
}

/**
 * What an answer asks to prepare before its last run: its search index first, then the pages its
 * hits name (which only the index finds). See `Prepare`.
 */
function answerWork(state: State, org: OrganizationRecord, caller: Caller, input: { query: string; details?: boolean | undefined }, prepared = 0) {
  const search = prepared === 0 ? organizationSearchPreparation(state, org.id, caller.user.id) : undefined
  return search ?? (prepared < 2 ? answerPreparation(state, org.id, caller.user.id, input.query, input.details === true) : undefined)
}

const optionsOf = (input: { format?: 'markdown' | 'document' | undefined; details?: boolean | undefined }): AnswerOptions => ({
  format: input.format ?? 'markdown',
  details: input.details === true,
})

export const askHandlers: Handlers<OpsOf<typeof contract>> = {
  askInOrganization: ({ state, caller, input, prepared }) => {
    const org = loadForAsk(state, caller, input.organizationId)
    const work = answerWork(state, org, caller, input, prepared)
    if (work) return new Prepare(work)
    const options = optionsOf(input)
    return { answer: presentAnswer(state, answerQuestion(state, org.id, caller.user.id, input.query, options.details), options) }
  },

  // The answer is worked out under the state lock, before the first event: the stream then
  // delivers a consistent answer even if the content changes while it is being read.
  streamAskInOrganization: ({ state, caller, input, prepared }) => {
    const org = loadForAsk(state, caller, input.organizationId)
    const work = answerWork(state, org, caller, input, prepared)
    if (work) return new Prepare(work)
    const options = optionsOf(input)
    const steps = presentAnswerSteps(state, answerQuestion(state, org.id, caller.user.id, input.query, options.details), options)
    return new EventStream(steps.map((answer) => ({ type: 'answer', answer })))
  },

  getRecommendedQuestionsInOrganization: ({ state, caller, input, prepared }) => {
    const org = loadForAsk(state, caller, input.organizationId)
    const work = prepared ? undefined : questionsPreparation(state)
    if (work) return new Prepare(work)
    return { questions: recommendedQuestions(state, org.id, caller.user.id) }
  },

  streamRecommendedQuestionsInOrganization: ({ state, caller, input, prepared }) => {
    const org = loadForAsk(state, caller, input.organizationId)
    const work = prepared ? undefined : questionsPreparation(state)
    if (work) return new Prepare(work)
    return new EventStream(recommendedQuestions(state, org.id, caller.user.id).map((question) => ({ question })))
  },
}
