import { createClient, type Client, type ClientOptions } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'

/**
 * An empty platform with what the SDK tests need, built with the builders: one organization,
 * its admin (token `admin`) and one space. Each test gets its own.
 */
export async function world() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Initech' })
  const admin = await platform.builders.user({ displayName: 'Ines Admin', organization: org.id, role: 'admin', tokenName: 'admin' })
  const space = await platform.builders.space({ organization: org.id, title: 'Manual' })
  /** A client of the admin through `platform.fetch` (or the given fetch), retries without waiting. */
  const client = (options: ClientOptions = {}): Client =>
    createClient({ token: admin.token, fetch: platform.fetch, retry: { limit: 2, delay: () => 0, jitter: false }, ...options })
  return { platform, org, admin, space, client }
}

/** The rejection of a promise (fails the test when it resolves). */
export async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection, got a result')
}
