import type { OperationDef } from '../src/contract/define.ts'
import { Clock } from '../mock/base/clock.ts'
import { Faults } from '../mock/base/faults.ts'
import { Random } from '../mock/base/random.ts'
import { RequestLog } from '../mock/base/request-log.ts'
import { createCore, type PlainHandler, type StateLock } from '../mock/core.ts'
import type { Handler } from '../mock/handlers/types.ts'
import { Libraries } from '../mock/tables/libraries.ts'
import { createUser, issueToken } from '../mock/model/orgs/members.ts'
import { createState, type State } from '../mock/model/state.ts'

/**
 * The core with one operation and a handler of the test's own over a state holding one user, for
 * tests that must control what happens inside an operation (hold the lock, fail a write), which no
 * public handler lets them do. Capabilities that would reach outside refuse.
 */
export async function bareCore(options: {
  op: OperationDef
  handler: Handler<OperationDef>
  seed: string
  lock?: StateLock | undefined
}): Promise<{
  core: PlainHandler
  state: State
  user: Awaited<ReturnType<typeof createUser>>
  token: Awaited<ReturnType<typeof issueToken>>
}> {
  const state = createState(
    new Clock('2026-01-15T09:00:00Z', true),
    new Random(options.seed),
    { api: 'http://mock.test', app: 'http://app.test' },
    new Libraries(),
  )
  const user = await createUser(state, { displayName: 'Pat', email: 'pat@example.com' })
  const token = await issueToken(state, user.id)
  const core = createCore({
    operations: [options.op],
    handlers: { [options.op.id]: options.handler },
    state: () => state,
    ready: () => undefined,
    loadLibraries: () => undefined,
    faults: new Faults([options.op.id]),
    log: new RequestLog(),
    capabilities: {
      fetch: globalThis.fetch,
      tunnelRefusal: () => 'refused',
      keep: () => undefined,
      fixtures: new Map(),
      readSource: async () => ({ ok: false, errorCode: 'PARSE_ERROR' }),
    },
    basePath: '',
    ...(options.lock ? { lock: options.lock } : {}),
  })
  return { core, state, user, token }
}
