import * as z from 'zod/mini'

/** A source the AI answer is drawn from (a page of a space revision). */
export const AnswerSource = /*@__PURE__*/ z.looseObject({
  type: z.optional(z.string()),
  reason: z.optional(z.string()),
  page: z.optional(z.string()),
  revision: z.optional(z.string()),
  space: z.optional(z.string()),
  sections: z.optional(z.array(z.string())),
})
export interface AnswerSource extends z.infer<typeof AnswerSource> {}

/** An AI answer to a question, across the content the caller can access. */
export const AIAnswer = /*@__PURE__*/ z.looseObject({
  answer: z.optional(z.looseObject({ markdown: z.optional(z.string()) })),
  followupQuestions: z.optional(z.array(z.string())),
  sources: z.optional(z.array(AnswerSource)),
})
export interface AIAnswer extends z.infer<typeof AIAnswer> {}

/** Response of asking a question: `{ answer }`. */
export const AskResult = /*@__PURE__*/ z.looseObject({ answer: AIAnswer })
export interface AskResult extends z.infer<typeof AskResult> {}

/** Item of the answer stream: `{ type: 'answer', answer }` (type kept open for other event kinds). */
export const AskStreamEvent = /*@__PURE__*/ z.looseObject({ type: z.string(), answer: z.optional(AIAnswer) })
export interface AskStreamEvent extends z.infer<typeof AskStreamEvent> {}

/** Response of listing suggested questions: `{ questions }`. */
export const AskQuestions = /*@__PURE__*/ z.looseObject({ questions: z.array(z.string()) })
export interface AskQuestions extends z.infer<typeof AskQuestions> {}

/** Item of the suggested-questions stream: `{ question }`. */
export const AskQuestionEvent = /*@__PURE__*/ z.looseObject({ question: z.string() })
export interface AskQuestionEvent extends z.infer<typeof AskQuestionEvent> {}
