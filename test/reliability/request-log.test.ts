import { describe, expect, it } from 'vitest'
import { createMockPlatform, type RequestLogOptions } from '../../mock/index.ts'

/**
 * The request log's memory is bounded by its configuration, not by what clients send: large
 * bodies are kept as the start of their JSON with the original size noted, and the bodies kept
 * in total stay under a bound, however many large requests arrive.
 */

async function platformWithToken(requestLog?: RequestLogOptions) {
  const platform = createMockPlatform({ scenario: 'empty', ...(requestLog ? { requestLog } : {}) })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Log Org' })
  const { token } = await platform.builders.user({ displayName: 'Lo', organization: org.id, role: 'read', tokenName: 'lo' })
  return { platform, token }
}

/** A render call with `size` characters of props (read role is enough to call render). */
function render(token: string, size: number, i: number) {
  return new Request('https://api.docplat.dev/v1/integrations/demo-integration/render', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ componentId: 'card', props: { i, blob: 'x'.repeat(size) } }),
  })
}

describe('request log bounds', () => {
  it('keeps a 1 MB body as the start of its JSON, noting its size', async () => {
    const { platform, token } = await platformWithToken()
    await platform.fetch(render(token, 1024 * 1024 - 100, 1))
    const entry = platform.requests.last()!
    expect(entry.operationId).toBe('renderIntegrationUIWithPost')
    expect(entry.bodyTruncated).toBe(true)
    expect(typeof entry.body).toBe('string')
    expect((entry.body as string).length).toBe(platform.requests.maxBodyChars)
    expect((entry.body as string).startsWith('{"integrationName":"demo-integration"')).toBe(true)
    expect(entry.bodySize).toBeGreaterThan(1024 * 1024 - 100)
  })

  it('keeps small bodies whole, as parsed values', async () => {
    const { platform, token } = await platformWithToken()
    await platform.fetch(render(token, 10, 7))
    const entry = platform.requests.last()!
    expect(entry.bodyTruncated).toBeUndefined()
    expect(entry.body).toMatchObject({ componentId: 'card', props: { i: 7, blob: 'x'.repeat(10) } })
  })

  it('drops the oldest entries once the bodies kept pass the total bound', async () => {
    const maxBodyChars = 4096
    const maxTotalChars = 40_000
    const { platform, token } = await platformWithToken({ maxBodyChars, maxTotalChars })
    for (let i = 0; i < 60; i++) await platform.fetch(render(token, 200_000, i))
    const kept = platform.requests.all()
    const total = kept.reduce((sum, e) => sum + (typeof e.body === 'string' ? e.body.length : JSON.stringify(e.body ?? '').length), 0)
    expect(total).toBeLessThanOrEqual(maxTotalChars)
    expect(kept.length).toBe(Math.floor(maxTotalChars / maxBodyChars))
    // The newest are the ones kept.
    expect(kept.at(-1)!.body as string).toContain('"i":59')
  })
})
