import * as z from 'zod/mini'

// What a client writes in a comment or reply: the contract's request bodies and the mock's model share these shapes.

/** Longest comment or reply body, in characters (GitHub's comment bound; the spec gives none). */
export const MAX_MARKDOWN = 65_536

/** Markdown of a comment or reply: not empty, not only whitespace. */
const Markdown = z.string().check(
  z.minLength(1),
  z.maxLength(MAX_MARKDOWN),
  z.refine((s) => s.trim().length > 0, { message: 'must not be blank' }),
)

/** The body a client sends: markdown. */
export const BodyInput = z.object({ markdown: Markdown })

/** One reaction a caller adds or removes: an emoji (or emoji name), 1 to 50 characters. */
export const ReactionInput = z.string().check(z.minLength(1), z.maxLength(50))

/** Reactions added or removed in one call: at most 50. */
export const Reactions = z.array(ReactionInput).check(z.maxLength(50))
