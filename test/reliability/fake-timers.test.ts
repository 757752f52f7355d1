import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { clientFor } from '../helpers.ts'

/**
 * Work the mock does outside its state lock gives the event loop back between slices, and before
 * a preparation. Tests that fake timers must still get answers: the turns are not timers.
 */
describe('with fake timers', () => {
  afterEach(() => void vi.useRealTimers())

  it('a first search over much content, prepared outside the state lock, still answers', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const b = platform.builders
    const org = await b.organization({ title: 'Timers' })
    const admin = await b.user({ organization: org.id, role: 'admin' })
    const client = clientFor(platform, admin.token)
    const space = await b.space({ organization: org.id, title: 'Library' })
    for (let n = 0; n < 300; n++) {
      const text = `${'Plain words in a sentence about chapter contents. '.repeat(40)}${n === 42 ? ' A zebra.' : ''}`
      await b.page({ space: space.id, title: `Chapter ${n}`, markdown: text })
    }
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'Date', 'performance'],
    })

    const results = await client.spaces.search({ spaceId: space.id, query: 'zebra' })

    expect(results.items.map((r) => r.title)).toEqual(['Chapter 42'])
  })
})
