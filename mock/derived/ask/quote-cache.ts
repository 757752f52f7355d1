/**
 * How many characters of quoted pages' content the ask area keeps the quotable blocks of
 * (`state.answerQuotes`, by page and content: plain-blocks.ts), about twice that in heap.
 */
export const QUOTES_KEPT = 2_000_000
