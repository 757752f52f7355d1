import * as z from 'zod/mini'
import { PageDocument } from './page.ts'

/** Longest question, in characters (the bound organization search has). */
export const MAX_QUESTION = 512

/** A question for the AI: 1 to 512 characters, not only whitespace. */
export const AskQuery = z.string().check(
  z.minLength(1),
  z.maxLength(MAX_QUESTION),
  z.refine((s) => s.trim().length > 0, { message: 'must not be blank' }),
)

/** How the answer comes back: `markdown` (the default) or a `document` tree built from it. */
export const AskFormat = z.enum(['markdown', 'document'])
export type AskFormat = z.infer<typeof AskFormat>

/** A source the AI answer is drawn from (a page of a space revision). */
export const AnswerSource = z.looseObject({
  type: z.optional(z.string()),
  reason: z.optional(z.string()),
  page: z.optional(z.string()),
  revision: z.optional(z.string()),
  space: z.optional(z.string()),
  sections: z.optional(z.array(z.string())),
})
export interface AnswerSource extends z.infer<typeof AnswerSource> {}

/**
 * How a question was searched, returned with `details=true`: the question, its words found in
 * content the caller can view, whether the sources match all of them (`all`), only some of them
 * (`some`, the closest pages when none matches every word) or nothing matched (`none`), the
 * number of matching pages and the spaces they are in, best first.
 */
export const AnswerQueryDetails = z.looseObject({
  text: z.string(),
  terms: z.array(z.string()),
  match: z.string(),
  results: z.number(),
  spaces: z.array(z.looseObject({ id: z.string(), title: z.optional(z.string()), pages: z.number() })),
})
export interface AnswerQueryDetails extends z.infer<typeof AnswerQueryDetails> {}

/** An AI answer to a question, across the content the caller can access. */
export const AIAnswer = z.looseObject({
  /** The answer as `markdown`, or as a `document` when asked with `format=document`. */
  answer: z.optional(z.looseObject({ markdown: z.optional(z.string()), document: z.optional(PageDocument) })),
  followupQuestions: z.optional(z.array(z.string())),
  sources: z.optional(z.array(AnswerSource)),
  /** Present when asked with `details=true`. */
  query: z.optional(AnswerQueryDetails),
})
export interface AIAnswer extends z.infer<typeof AIAnswer> {}

/** Response of asking a question: `{ answer }`. */
export const AskResult = z.looseObject({ answer: AIAnswer })
export interface AskResult extends z.infer<typeof AskResult> {}

/** Item of the answer stream: `{ type: 'answer', answer }` (type kept open for other event kinds). */
export const AskStreamEvent = z.looseObject({ type: z.string(), answer: z.optional(AIAnswer) })
export interface AskStreamEvent extends z.infer<typeof AskStreamEvent> {}

/** Response of listing suggested questions: `{ questions }`. */
export const AskQuestions = z.looseObject({ questions: z.array(z.string()) })
export interface AskQuestions extends z.infer<typeof AskQuestions> {}

/** Item of the suggested-questions stream: `{ question }`. */
export const AskQuestionEvent = z.looseObject({ question: z.string() })
export interface AskQuestionEvent extends z.infer<typeof AskQuestionEvent> {}
