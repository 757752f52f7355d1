import * as z from 'zod/mini'
import { Collection, CollectionDescription, CollectionTitle } from '../schemas/collection.ts'
import { List, Role } from '../schemas/shared.ts'
import { Space } from '../schemas/space.ts'
import { Id, pagination } from './common.ts'
import { defineOperation } from './define.ts'
import { ORG, org } from './organizations.ts'

const collection = { collectionId: Id }
const C = '/v1/collections/{collectionId}'

/** A title a client sends: within the bound and not blank (omit it to keep the current or default one). */
const NewTitle = CollectionTitle.check(z.minLength(1))

/** A sibling to place content next to: a space or a collection under the same parent. */
export const SiblingRef = z.union([
  z.object({ type: z.literal('space'), space: Id }),
  z.object({ type: z.literal('collection'), collection: Id }),
])

/** Where to place moved content among its new siblings: before or after one of them (not both). */
export const Position = z.object({ before: z.optional(SiblingRef), after: z.optional(SiblingRef) })

/** Body of the move operations of spaces and collections. */
export const MoveBody = z.object({
  /** The new parent collection; null moves to the organization's root; omitted keeps the parent. */
  parent: z.optional(z.nullable(Id)),
  position: z.optional(Position),
})

export const getCollectionById = defineOperation({
  id: 'getCollectionById',
  method: 'GET',
  idempotent: true,
  path: C,
  sdk: 'collections.get',
  status: 200,
  summary: 'Get a collection',
  params: z.object(collection),
  response: Collection,
})

export const deleteCollectionById = defineOperation({
  id: 'deleteCollectionById',
  method: 'DELETE',
  idempotent: true,
  path: C,
  sdk: 'collections.delete',
  status: 205,
  summary: 'Delete a collection, its nested collections, and (restorably) its spaces',
  params: z.object(collection),
})

export const updateCollectionById = defineOperation({
  id: 'updateCollectionById',
  method: 'PATCH',
  idempotent: true,
  path: C,
  sdk: 'collections.update',
  status: 200,
  summary: 'Update a collection',
  params: z.object(collection),
  body: z.object({
    title: z.optional(NewTitle),
    description: z.optional(CollectionDescription),
    defaultLevel: z.optional(z.nullable(Role)),
  }),
  response: Collection,
})

export const listSpacesInCollectionById = defineOperation({
  id: 'listSpacesInCollectionById',
  method: 'GET',
  idempotent: true,
  path: `${C}/spaces`,
  sdk: 'collections.listSpaces',
  status: 200,
  summary: 'List the spaces of a collection, in their order',
  params: z.object(collection),
  query: z.object({ ...pagination }),
  response: List(Space),
  paginated: true,
})

export const moveCollection = defineOperation({
  id: 'moveCollection',
  method: 'POST',
  idempotent: true,
  path: `${C}/move`,
  sdk: 'collections.move',
  status: 200,
  summary: 'Move a collection to another parent or position',
  params: z.object(collection),
  body: MoveBody,
  response: Collection,
})

export const transferCollection = defineOperation({
  id: 'transferCollection',
  method: 'POST',
  idempotent: true,
  path: `${C}/transfer`,
  sdk: 'collections.transfer',
  status: 200,
  summary: 'Transfer a collection and its content to another organization',
  params: z.object(collection),
  body: z.object({ organization: Id }),
  response: Collection,
})

export const listCollectionsInOrganizationById = defineOperation({
  id: 'listCollectionsInOrganizationById',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/collections`,
  sdk: 'collections.list',
  status: 200,
  summary: 'List the collections of an organization',
  params: z.object(org),
  query: z.object({ ...pagination, nested: z.optional(z.boolean()) }),
  response: List(Collection),
  paginated: true,
})

export const createCollection = defineOperation({
  id: 'createCollection',
  method: 'POST',
  idempotent: false,
  path: `${ORG}/collections`,
  sdk: 'collections.create',
  status: 201,
  summary: 'Create a collection',
  params: z.object(org),
  body: z.object({ title: z.optional(NewTitle), parent: z.optional(Id) }),
  response: Collection,
})
