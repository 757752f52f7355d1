import * as z from 'zod/mini'
import { ComponentId } from './integration.ts'
import type { ContentKitActionShape, RenderContextShape, RenderRequestShape, RenderOutputShape } from '../generated/shapes.ts'

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

/**
 * The fields each of the platform's own actions (`@ui.*`, `@link.*`, `@editor.*`) needs, as the
 * published `ContentKitDefaultAction` lists them. Any other `action` is the integration's own and
 * carries what it likes.
 */
const DEFAULT_ACTION_FIELDS: Readonly<Record<string, Readonly<Record<string, 'string' | 'object'>>>> = {
  '@ui.modal.open': { componentId: 'string', props: 'object' },
  '@ui.modal.close': { returnValue: 'object' },
  '@ui.url.open': { url: 'string' },
  '@link.unfurl': { url: 'string' },
  '@editor.node.updateProps': { props: 'object' },
}

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A user's action on a rendered component (`ContentKitAction`): `action` names it; the
 * platform's own actions must carry their fields, so the integration's handler never receives
 * half of one.
 */
export const ContentKitAction = z.looseObject({ action: z.string().check(z.minLength(1), z.maxLength(256)) }).check(
  z.superRefine((value, ctx) => {
    const fields = DEFAULT_ACTION_FIELDS[value.action]
    for (const [field, type] of Object.entries(fields ?? {})) {
      const got = (value as Record<string, unknown>)[field]
      if (type === 'string' ? typeof got === 'string' : isPlainObject(got)) continue
      const message =
        got === undefined ? `is required by action ${value.action}` : `must be ${type === 'string' ? 'a string' : 'an object'}`
      ctx.issues.push({ code: 'custom', path: [field], message, input: got })
    }
  }),
)
export interface ContentKitAction extends ContentKitActionShape {}

/**
 * What to render: a component of the integration with its props, local state and context, and
 * the user's action when the render answers one.
 */
export const RenderRequest = z.object({
  componentId: ComponentId,
  props: z.optional(Values),
  state: z.optional(Values),
  context: z.optional(RenderContext),
  action: z.optional(ContentKitAction),
})
export interface RenderRequest extends RenderRequestShape {}

/**
 * Rendered UI output of an integration component (ContentKit; element schema left open by the
 * spec): `type: 'element'` with the `element` and the component's `state` and `props`, or
 * `type: 'complete'` with the interaction's `returnValue`.
 */
export const RenderOutput = z.looseObject({
  type: z.string(),
  element: z.optional(z.unknown()),
  state: z.optional(Values),
  props: z.optional(Values),
  /** What a completed interaction returns (`type: 'complete'`). */
  returnValue: z.optional(Values),
  /** Whether the rendered UI may receive the site visitor's claims. */
  canAccessVisitorClaims: z.optional(z.boolean()),
})
export interface RenderOutput extends RenderOutputShape {}
