import { expect } from 'vitest'
import { APIError, createClient, type Client } from '../../src/index.ts'
import type { MockPlatform } from '../../mock/index.ts'
import { failure } from '../helpers.ts'

/** A client for a token the test made with the builders. */
export function clientFor(platform: MockPlatform, token: string): Client {
  return createClient({ token, fetch: platform.fetch, retry: 0 })
}

/** Every item of a list, across pages. */
export async function collect<T>(list: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of list) out.push(item)
  return out
}

/**
 * Awaits a call expected to fail with `Class` and checks the wire error: the status in
 * `error.code` and, when given, the text the message must contain (the field it names).
 */
export async function rejects(
  promise: PromiseLike<unknown>,
  Class: abstract new (...args: never[]) => APIError,
  text?: string,
): Promise<APIError> {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(Class)
  const api = error as APIError
  expect(api.code).toBe(api.status)
  if (text !== undefined) expect(api.message).toContain(text)
  return api
}

/** Adds `n` members to an organization through the builders, returning their user IDs in creation order. */
export async function addMembers(platform: MockPlatform, organization: string, n: number, prefix = 'Member'): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const { user } = await platform.builders.user({ displayName: `${prefix} ${String(i).padStart(3, '0')}`, organization, role: 'read' })
    ids.push(user.id)
  }
  return ids
}
