import * as z from 'zod/mini'
import { Emoji, Role } from '../schemas/shared.ts'
import { Space, SpaceEditMode, SpaceTitle } from '../schemas/space.ts'
import { MoveBody } from './collections.ts'
import { Id } from './common.ts'
import { defineOperation } from './define.ts'

/** Path parameters of everything under a space. */
export const space = { spaceId: Id }
export const SP = '/v1/spaces/{spaceId}'

/** A title a client sends: within the bound and not blank (omit it to keep the current one). */
const NewTitle = SpaceTitle.check(z.minLength(1))

export const getSpaceById = defineOperation({
  id: 'getSpaceById',
  method: 'GET',
  idempotent: true,
  path: SP,
  sdk: 'spaces.get',
  status: 200,
  summary: 'Get a space',
  params: z.object(space),
  query: z.object({ shareKey: z.optional(z.string().check(z.minLength(1), z.maxLength(256))) }),
  response: Space,
})

export const deleteSpaceById = defineOperation({
  id: 'deleteSpaceById',
  method: 'DELETE',
  idempotent: true,
  path: SP,
  sdk: 'spaces.delete',
  status: 205,
  summary: 'Delete a space (restorable for 7 days)',
  params: z.object(space),
})

export const updateSpaceById = defineOperation({
  id: 'updateSpaceById',
  method: 'PATCH',
  idempotent: true,
  path: SP,
  sdk: 'spaces.update',
  status: 200,
  summary: 'Update a space',
  params: z.object(space),
  body: z.object({
    editMode: z.optional(SpaceEditMode),
    title: z.optional(NewTitle),
    defaultLevel: z.optional(z.nullable(Role)),
    emoji: z.optional(Emoji),
  }),
  response: Space,
})

export const duplicateSpace = defineOperation({
  id: 'duplicateSpace',
  method: 'POST',
  idempotent: false,
  path: `${SP}/duplicate`,
  sdk: 'spaces.duplicate',
  status: 201,
  summary: 'Duplicate a space with its content',
  params: z.object(space),
  response: Space,
})

export const restoreSpace = defineOperation({
  id: 'restoreSpace',
  method: 'POST',
  idempotent: true,
  path: `${SP}/restore`,
  sdk: 'spaces.restore',
  status: 200,
  summary: 'Restore a space deleted in the last 7 days',
  params: z.object(space),
  response: Space,
})

export const moveSpace = defineOperation({
  id: 'moveSpace',
  method: 'POST',
  idempotent: true,
  path: `${SP}/move`,
  sdk: 'spaces.move',
  status: 200,
  summary: 'Move a space to another collection or position',
  params: z.object(space),
  body: MoveBody,
  response: Space,
})

export const transferSpace = defineOperation({
  id: 'transferSpace',
  method: 'POST',
  idempotent: true,
  path: `${SP}/transfer`,
  sdk: 'spaces.transfer',
  status: 200,
  summary: 'Transfer a space to another organization (and optionally into one of its collections)',
  params: z.object(space),
  body: z.object({ organization: Id, collection: z.optional(Id) }),
  response: Space,
})
