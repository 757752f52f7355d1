import type * as z from 'zod/mini'
import type { LibraryModules } from '../../tables/libraries.ts'
import { RenderRequest } from '../../../src/schemas/render.ts'
import { badRequest, HttpError, notFound } from '../../base/http-error.ts'
import { jsonDepth, MAX_JSON_DEPTH } from '../../base/input.ts'
import { newId, type State } from '../state.ts'
import {
  dispatchRequest,
  failureMessage,
  NO_PROTOCOL_ANSWER,
  readTunnelAnswer,
  TUNNEL_TIMEOUT_MS,
  TunnelAnswerTooLarge,
  type Dispatch,
  type EnvironmentOf,
  type Fetch,
} from './delivery.ts'
import { installationIn } from './installations.ts'
import type { IntegrationRecord } from '../../tables/integrations.ts'

export type { RenderRequest }
type Output = Record<string, unknown> & { type: string }

/** Says what is wrong with a field of the decoded request, as the core says it of a body field. */
function describe(issue: z.core.$ZodIssue): string {
  const i = issue as z.core.$ZodIssue & Record<string, unknown>
  switch (issue.code) {
    case 'invalid_type':
      return i.input === undefined ? 'is required' : `expected ${String(i.expected)}`
    case 'invalid_format':
      return `must match ${String(i.pattern)}`
    case 'too_big':
      return `must be at most ${String(i.maximum)} characters`
    case 'too_small':
      return 'must not be empty'
    default:
      // A schema's own message (an action missing a field its kind needs says which).
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid'
  }
}

/**
 * Reads the `request` query of a GET render: LZ-string compressed (URI-safe alphabet) JSON of
 * `{ componentId, props, state, context }`. Anything else is a 400 naming `query.request`.
 */
export function decodeRenderRequest(lz: LibraryModules['lz'], compressed: string): RenderRequest {
  let json: string | null
  try {
    json = lz.decompressFromEncodedURIComponent(compressed)
  } catch {
    json = null
  }
  let value: unknown
  try {
    value = json ? JSON.parse(json) : undefined
  } catch {
    value = undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('Invalid query.request: not LZ-string compressed JSON of an object (use compressToEncodedURIComponent)')
  }
  const parsed = RenderRequest.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  throw badRequest(`Invalid ${['query.request', ...issue.path.map(String)].join('.')}: ${describe(issue)}`)
}

/**
 * Renders a component with the mock's runtime, which runs no integration script: the block
 * declared under `componentId` becomes a block element showing its title, description and
 * markdown, with the given props and state echoed back.
 */
export function renderDeclaredBlock(integration: IntegrationRecord, request: RenderRequest): Output {
  const block = integration.blocks.find((b) => b.id === request.componentId)
  if (!block) throw notFound(`Integration "${integration.name}" declares no block "${request.componentId}"`)
  const children: unknown[] = [{ type: 'text', style: 'bold', children: [block.title] }]
  if (block.description) children.push({ type: 'text', children: [block.description] })
  if (block.markdown) children.push({ type: 'markdown', content: block.markdown.body })
  return {
    type: 'element',
    element: { type: 'block', ...(block.icon ? { icon: block.icon } : {}), children },
    state: request.state ?? {},
    props: request.props ?? {},
  }
}

/**
 * The dispatch of a render to the development tunnel: a `ui_render` event (the request, the
 * rendering user, the user's action when there is one, and the installation and space it
 * happens in) with its environment. Built
 * under the state lock, sent after it. `undefined` when development mode went off meanwhile.
 */
export function renderDispatch(
  state: State,
  integration: IntegrationRecord,
  request: RenderRequest,
  userId: string,
  environmentOf: EnvironmentOf,
): Dispatch | undefined {
  const spaceId = request.context?.spaceId
  const space = spaceId !== undefined ? state.tables.spaces.get(spaceId) : undefined
  // The installation the render happens in: that of the space's organization, else the owner's.
  const installation = installationIn(state, integration, space?.organization ?? integration.organization)
  const environment = environmentOf(state, integration, { installation, spaceId: space?.id })
  if (!environment || !integration.signingSecret) return undefined
  const event = {
    eventId: newId(state),
    type: 'ui_render',
    ...(installation ? { installationId: installation.id } : {}),
    ...(space ? { spaceId: space.id } : {}),
    auth: { userId },
    componentId: request.componentId,
    props: request.props ?? {},
    ...(request.state ? { state: request.state } : {}),
    context: request.context ?? {},
    ...(request.action ? { action: request.action } : {}),
  }
  return { integration: integration.name, signingSecret: integration.signingSecret, event, environment }
}

/**
 * Forwards a render to the development tunnel and returns its answer. The tunnel is the
 * platform's upstream here, so its failures are gateway errors: 504 when it does not answer in
 * time, 502 otherwise. Unreachable, an error status or an answer that is not a rendered UI object
 * are one and the same 502, and the answer's body is never echoed: a tunnel pointed at another
 * service of the host must not tell its ports apart, nor read it. Both carry `x-should-retry:
 * false`: the render may have reached the integration's code, and the SDK would otherwise send it
 * again (a developer at a breakpoint would get the same render three times).
 */
export async function renderThroughTunnel(fetch: Fetch, tunnelUrl: string, dispatch: Dispatch): Promise<Output> {
  const failed = (status: 502 | 504, reason: string) =>
    new HttpError(status, `Development tunnel ${tunnelUrl} gave no rendered UI object ({ type, element, state, props }): ${reason}`, {
      'x-should-retry': 'false',
    })
  let response: Response
  try {
    const { headers, body } = await dispatchRequest(dispatch)
    response = await fetch(tunnelUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(TUNNEL_TIMEOUT_MS) })
  } catch (error) {
    throw failed((error as { name?: string })?.name === 'TimeoutError' ? 504 : 502, failureMessage(error))
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw failed(502, NO_PROTOCOL_ANSWER)
  }
  let text: string
  try {
    text = new TextDecoder().decode(await readTunnelAnswer(response))
  } catch (error) {
    if (error instanceof TunnelAnswerTooLarge) throw failed(502, error.message)
    text = ''
  }
  // Presenting and answering it walk the object: nesting is bounded as a request body's is.
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw failed(502, `the tunnel's answer nests arrays and objects more than ${MAX_JSON_DEPTH} deep, the most the platform reads`)
  let output: unknown
  try {
    output = JSON.parse(text)
  } catch {
    output = undefined
  }
  if (!isRenderOutput(output)) throw failed(502, NO_PROTOCOL_ANSWER)
  return output
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The root elements a render may answer, each with its `children` (the published ContentKitRootElement). */
const ROOT_ELEMENTS = new Set(['block', 'modal', 'configuration'])

/**
 * Whether a tunnel's answer is a rendered UI as the published ContentKitRenderOutput describes
 * one: an element (`type: 'element'`, a root element with its `children`, `state` and `props`
 * objects when given) or a completed interaction (`type: 'complete'`, `returnValue` an object
 * when given). The elements under the root are the integration's own and passed on as they came.
 */
function isRenderOutput(output: unknown): output is Output {
  if (!isObject(output)) return false
  if (output.type === 'complete') return output.returnValue === undefined || isObject(output.returnValue)
  const { element, state, props, canAccessVisitorClaims } = output
  return (
    output.type === 'element' &&
    isObject(element) &&
    typeof element.type === 'string' &&
    ROOT_ELEMENTS.has(element.type) &&
    Array.isArray(element.children) &&
    (state === undefined || isObject(state)) &&
    (props === undefined || isObject(props)) &&
    (canAccessVisitorClaims === undefined || typeof canAccessVisitorClaims === 'boolean')
  )
}
