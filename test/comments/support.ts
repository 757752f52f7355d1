import { expect } from 'vitest'
import { APIError, createClient, type Client } from '../../src/index.ts'
import type { MockPlatform } from '../../mock/index.ts'
import { failure, setup } from '../helpers.ts'

export type Demo = Awaited<ReturnType<typeof setup>>

/** Awaits a call that must fail with `status` and the API's error body; `mention` must be in the message. */
export async function rejects(promise: PromiseLike<unknown>, status: number, mention?: string | RegExp): Promise<APIError> {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(APIError)
  const api = error as APIError
  expect(api.status, api.message).toBe(status)
  expect(api.code).toBe(status)
  if (mention !== undefined) expect(api.message).toMatch(mention)
  return api
}

/** A client for a token issued by the builders. */
export function clientFor(platform: MockPlatform, token: string): Client {
  return createClient({ token, fetch: platform.fetch, retry: 0 })
}

/** Every item of a list, across its pages. */
export async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = []
  for await (const item of list) items.push(item)
  return items
}

/** The space's `comments` count as the space reports it. */
export async function openCount(client: Client, spaceId: string): Promise<number | undefined> {
  return (await client.spaces.get({ spaceId })).comments
}

/** Bodies of a list of comments or replies, in order. */
export const bodies = (items: ReadonlyArray<{ body: { markdown?: string | undefined } }>) => items.map((c) => c.body.markdown)
