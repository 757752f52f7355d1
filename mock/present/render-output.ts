import type { RenderRequest } from '../model/integrations/render.ts'

type Output = Record<string, unknown> & { type: string }

/**
 * A render's answer as the published ContentKitRenderOutput requires it: an element always comes
 * with the component's `state` and `props`. An integration that names neither left them as the
 * request gave them (the runtime answers the component's current ones, which only its action
 * changes), so those are the ones answered; a completed interaction is answered as it came.
 */
export function presentRenderOutput(output: Output, request: RenderRequest): Output {
  if (output.type !== 'element') return output
  return { ...output, state: output.state ?? request.state ?? {}, props: output.props ?? request.props ?? {} }
}
