import * as z from 'zod/mini'
import { ComponentId } from './integration.ts'
import type { RenderContextShape, RenderRequestShape, RenderOutputShape } from '../generated/shapes.ts'

/** A map of values a component receives or keeps (props, local state). */
const Values = /*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.unknown())

/**
 * Where a component is rendered. The spec leaves its shape open: `spaceId` ties the render to a
 * space the integration is installed on; every field is passed on to the integration.
 */
export const RenderContext = /*@__PURE__*/ z.looseObject({
  spaceId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(256))),
})
export interface RenderContext extends RenderContextShape {}

/** What to render: a component of the integration with its props, local state and context. */
export const RenderRequest = /*@__PURE__*/ z.object({
  componentId: ComponentId,
  props: /*@__PURE__*/ z.optional(Values),
  state: /*@__PURE__*/ z.optional(Values),
  context: /*@__PURE__*/ z.optional(RenderContext),
})
export interface RenderRequest extends RenderRequestShape {}

/** Rendered UI output of an integration component (ContentKit; element schema left open by the spec). */
export const RenderOutput = /*@__PURE__*/ z.looseObject({
  type: /*@__PURE__*/ z.string(),
  element: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.unknown()),
  state: /*@__PURE__*/ z.optional(Values),
  props: /*@__PURE__*/ z.optional(Values),
})
export interface RenderOutput extends RenderOutputShape {}
