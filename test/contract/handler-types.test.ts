import { describe, expect, it } from 'vitest'
import { handlers } from '../../mock/handlers/index.ts'
import { Deferred } from '../../mock/handlers/deferred.ts'
import { EventStream, Reply, type Handler } from '../../mock/handlers/types.ts'
import type { streamAskInOrganization } from '../../src/contract/services/ask.ts'
import type { deleteSpaceById, getSpaceById } from '../../src/contract/spaces.ts'
import type { listTeamsInOrganizationById } from '../../src/contract/teams.ts'

/**
 * Handlers are typed against the contract: `tsc` (the first step of `npm test`) refuses a result
 * that is not the operation's response type. Each `@ts-expect-error` below is a drift the compiler
 * must catch; were the typing loosened, the directive itself would fail to compile.
 */

// @ts-expect-error a space must carry every field the contract requires (title, visibility, urls...)
export const missingFields: Handler<typeof getSpaceById> = () => ({ object: 'space', id: 'x' })

// @ts-expect-error a field must have the contract's type
export const wrongType: Handler<typeof listTeamsInOrganizationById> = () => ({ items: [{ object: 'team', id: 1, title: 'T' }], count: 1 })

// @ts-expect-error a list answers with its envelope, not a bare array
export const bareArray: Handler<typeof listTeamsInOrganizationById> = () => [{ object: 'team', id: 't', title: 'T' }]

// @ts-expect-error an operation without a body answers with nothing
export const bodyOnDelete: Handler<typeof deleteSpaceById> = () => ({ deleted: true })

// @ts-expect-error another status still carries the operation's body type
export const wrongReply: Handler<typeof getSpaceById> = () => new Reply(201, { object: 'team' })

// @ts-expect-error a stream's events are the contract's events
export const wrongEvents: Handler<typeof streamAskInOrganization> = () => new EventStream([{ type: 1 }])

// @ts-expect-error an answer finished after the state lock is still the operation's response
export const wrongDeferred: Handler<typeof getSpaceById> = () => Deferred.answer(async () => ({ object: 'space', id: 'x' }))

const lastStep = (n: number) => ({ deleted: n })
// @ts-expect-error so is the value of a last step under the lock
export const wrongFinish: Handler<typeof deleteSpaceById> = () => Deferred.finish(async () => 1, lastStep)

export const minimalTeams: Handler<typeof listTeamsInOrganizationById> = () => ({
  items: [{ object: 'team', id: 't', title: 'T' }],
  count: 1,
})

export const deferredTeams: Handler<typeof listTeamsInOrganizationById> = () =>
  Deferred.answer(async () => ({ items: [{ object: 'team', id: 't', title: 'T' }], count: 1 }))

describe('handlers typed against the contract', () => {
  it('has one handler per operation, each a function (their results are checked by tsc above)', () => {
    expect(Object.values(handlers).every((h) => typeof h === 'function')).toBe(true)
    expect(minimalTeams({} as never)).toEqual({ items: [{ object: 'team', id: 't', title: 'T' }], count: 1 })
  })

  it('a Deferred carries the answer it was typed with', async () => {
    const deferred = deferredTeams({} as never)
    if (!(deferred instanceof Deferred) || deferred.way.kind !== 'answer') throw new Error('expected an answer after the lock')
    expect(await deferred.way.work()).toEqual({ items: [{ object: 'team', id: 't', title: 'T' }], count: 1 })
  })
})
