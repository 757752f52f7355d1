import * as z from 'zod/mini'
import { PageDocument } from './page.ts'

/** Longest question, in characters (the bound organization search has). */
export const MAX_QUESTION = 512

/** A question for the AI: 1 to 512 characters, not only whitespace. */
export const AskQuery = /*@__PURE__*/ z.string().check(
  /*@__PURE__*/ z.minLength(1),
  /*@__PURE__*/ z.maxLength(MAX_QUESTION),
  /*@__PURE__*/ z.refine((s) => s.trim().length > 0, { message: 'must not be blank' }),
)

/** How the answer comes back: `markdown` (the default) or a `document` tree built from it. */
export const AskFormat = /*@__PURE__*/ z.enum(['markdown', 'document'])
export type AskFormat = z.infer<typeof AskFormat>

/** A source the AI answer is drawn from (a page of a space revision). */
export const AnswerSource = /*@__PURE__*/ z.looseObject({
  type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  reason: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  page: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  revision: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  space: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  sections: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
})
export interface AnswerSource extends z.infer<typeof AnswerSource> {}

/**
 * How a question was searched, returned with `details=true`: the question, its words found in
 * content the caller can view, whether the sources match all of them (`all`), only some of them
 * (`some`, the closest pages when none matches every word) or nothing matched (`none`), the
 * number of matching pages and the spaces they are in, best first.
 */
export const AnswerQueryDetails = /*@__PURE__*/ z.looseObject({
  text: /*@__PURE__*/ z.string(),
  terms: /*@__PURE__*/ z.array(/*@__PURE__*/ z.string()),
  match: /*@__PURE__*/ z.string(),
  results: /*@__PURE__*/ z.number(),
  spaces: /*@__PURE__*/ z.array(/*@__PURE__*/ z.looseObject({ id: /*@__PURE__*/ z.string(), title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), pages: /*@__PURE__*/ z.number() })),
})
export interface AnswerQueryDetails extends z.infer<typeof AnswerQueryDetails> {}

/** An AI answer to a question, across the content the caller can access. */
export const AIAnswer = /*@__PURE__*/ z.looseObject({
  /** The answer as `markdown`, or as a `document` when asked with `format=document`. */
  answer: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ markdown: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), document: /*@__PURE__*/ z.optional(PageDocument) })),
  followupQuestions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  sources: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(AnswerSource)),
  /** Present when asked with `details=true`. */
  query: /*@__PURE__*/ z.optional(AnswerQueryDetails),
})
export interface AIAnswer extends z.infer<typeof AIAnswer> {}

/** Response of asking a question: `{ answer }`. */
export const AskResult = /*@__PURE__*/ z.looseObject({ answer: AIAnswer })
export interface AskResult extends z.infer<typeof AskResult> {}

/** Item of the answer stream: `{ type: 'answer', answer }` (type kept open for other event kinds). */
export const AskStreamEvent = /*@__PURE__*/ z.looseObject({ type: /*@__PURE__*/ z.string(), answer: /*@__PURE__*/ z.optional(AIAnswer) })
export interface AskStreamEvent extends z.infer<typeof AskStreamEvent> {}

/** Response of listing suggested questions: `{ questions }`. */
export const AskQuestions = /*@__PURE__*/ z.looseObject({ questions: /*@__PURE__*/ z.array(/*@__PURE__*/ z.string()) })
export interface AskQuestions extends z.infer<typeof AskQuestions> {}

/** Item of the suggested-questions stream: `{ question }`. */
export const AskQuestionEvent = /*@__PURE__*/ z.looseObject({ question: /*@__PURE__*/ z.string() })
export interface AskQuestionEvent extends z.infer<typeof AskQuestionEvent> {}
