import * as z from 'zod/mini'
import { ComponentId } from './integration.ts'
import type { RenderContextShape, RenderRequestShape, RenderOutputShape } from '../generated/shapes.ts'

/** A map of values a component receives or keeps (props, local state). */
const Values = z.record(z.string(), z.unknown())

/**
 * Where a component is rendered. The spec leaves its shape open: `spaceId` ties the render to a
 * space the integration is installed on; every field is passed on to the integration.
 */
export const RenderContext = z.looseObject({
  spaceId: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
})
export interface RenderContext extends RenderContextShape {}

/** What to render: a component of the integration with its props, local state and context. */
export const RenderRequest = z.object({
  componentId: ComponentId,
  props: z.optional(Values),
  state: z.optional(Values),
  context: z.optional(RenderContext),
})
export interface RenderRequest extends RenderRequestShape {}

/** Rendered UI output of an integration component (ContentKit; element schema left open by the spec). */
export const RenderOutput = z.looseObject({
  type: z.string(),
  element: z.optional(z.unknown()),
  state: z.optional(Values),
  props: z.optional(Values),
})
export interface RenderOutput extends RenderOutputShape {}
