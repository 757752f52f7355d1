import * as z from 'zod/mini'

/** Rendered UI output of an integration component (ContentKit; element schema left open by the spec). */
export const RenderOutput = /*@__PURE__*/ z.looseObject({
  type: z.string(),
  element: z.optional(z.unknown()),
  state: z.optional(z.record(z.string(), z.unknown())),
  props: z.optional(z.record(z.string(), z.unknown())),
})
export interface RenderOutput extends z.infer<typeof RenderOutput> {}
