import type * as contract from '../../../src/contract/services/ask.ts'
import { forbidden } from '../../base/http-error.ts'
import type { Caller } from '../../model/access.ts'
import type { OrganizationRecord } from '../../tables/orgs.ts'
import { searchPreparation } from '../../derived/content/search.ts'
import { searchableSpaces } from '../../model/content/searchable.ts'
import { answerPreparation, answerQuestion, type Answer } from '../../model/services/ask/answer.ts'
import { lookupPreparation, retrieve } from '../../model/services/ask/retrieve.ts'
import { questionsPreparation, recommendedQuestions } from '../../model/services/ask/questions.ts'
import type { State } from '../../model/state.ts'
import { presentAnswer, presentAnswerSteps, type AnswerOptions } from '../../present/ask.ts'
import { loadOrganization } from '../load.ts'
import { Deferred, MAX_PREPARES } from '../deferred.ts'
import { EventStream, type Handlers, type OpsOf } from '../types.ts'

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
 * An answer, or the preparation it asks for first ({@link Deferred.prepare}): its search index, its
 * searches when they are many, then the pages they find (which only the searches name). The
 * search runs once per run.
 */
function answerOrPrepare(
  state: State,
  org: OrganizationRecord,
  caller: Caller,
  input: { query: string; details?: boolean | undefined },
  prepared = 0,
): Answer | Deferred<never> {
  // The spaces the caller can view, read once for the index, the searches and the answer.
  const spaces = searchableSpaces(state, org.id, caller.user.id)
  const index =
    prepared === 0
      ? searchPreparation(
          state,
          spaces.map((space) => space.revision),
        )
      : undefined
  if (index) return Deferred.prepare(index)
  const details = input.details === true
  const searches = prepared < MAX_PREPARES - 1 ? lookupPreparation(state, spaces, input.query, details) : undefined
  if (searches) return Deferred.prepare(searches)
  const found = retrieve(state, spaces, input.query, details)
  const pages = prepared < MAX_PREPARES ? answerPreparation(state, found) : undefined
  return pages ? Deferred.prepare(pages) : answerQuestion(state, org.id, caller.user.id, found)
}

const optionsOf = (input: { format?: 'markdown' | 'document' | undefined; details?: boolean | undefined }): AnswerOptions => ({
  format: input.format ?? 'markdown',
  details: input.details === true,
})

export const askHandlers: Handlers<OpsOf<typeof contract>> = {
  askInOrganization: ({ state, caller, input, prepared }) => {
    const org = loadForAsk(state, caller, input.organizationId)
    const answer = answerOrPrepare(state, org, caller, input, prepared)
    return answer instanceof Deferred ? answer : { answer: presentAnswer(state, answer, optionsOf(input)) }
  },

  // The answer is worked out under the state lock, before the first event: the stream then
  // delivers a consistent answer even if the content changes while it is being read.
  streamAskInOrganization: ({ state, caller, input, prepared }) => {
    const org = loadForAsk(state, caller, input.organizationId)
    const answer = answerOrPrepare(state, org, caller, input, prepared)
    if (answer instanceof Deferred) return answer
    const steps = presentAnswerSteps(state, answer, optionsOf(input))
    return new EventStream(steps.map((answer) => ({ type: 'answer', answer })))
  },

  getRecommendedQuestionsInOrganization: ({ state, caller, input, prepared }) => {
    const org = loadForAsk(state, caller, input.organizationId)
    const work = prepared ? undefined : questionsPreparation(state)
    if (work) return Deferred.prepare(work)
    return { questions: recommendedQuestions(state, org.id, caller.user.id) }
  },

  streamRecommendedQuestionsInOrganization: ({ state, caller, input, prepared }) => {
    const org = loadForAsk(state, caller, input.organizationId)
    const work = prepared ? undefined : questionsPreparation(state)
    if (work) return Deferred.prepare(work)
    return new EventStream(recommendedQuestions(state, org.id, caller.user.id).map((question) => ({ question })))
  },
}
