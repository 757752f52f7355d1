import { afterEach, describe, expect, it } from 'vitest'
import { CLI_TEST, startCli, stopAll } from '../node/child.ts'

afterEach(stopAll)

describe('docplat-mock serve --strict', CLI_TEST, () => {
  it('answers the first near miss as usual, prints it with the closest operation, then stops with exit code 1', async () => {
    const run = await startCli(['--port', '0', '--scenario', 'empty', '--strict', '--quiet'])
    const fine = await fetch(`${run.url}/_docplat/health`)
    expect(fine.status).toBe(200)
    const response = await fetch(`${run.url}/v1/orgz`)
    expect(response.status).toBe(404)
    expect((await response.json()).error.message).toBe('No operation matches GET /v1/orgz')
    expect(await run.exited).toEqual({ code: 1, signal: null })
    expect(run.stderr()).toContain(
      'docplat-mock: --strict: unmatched request: GET /v1/orgz → 404 no-route: No operation matches GET /v1/orgz; closest: listOrganizationsForAuthenticatedUser (GET /v1/orgs), path',
    )
  })

  it('stops on a body field the operation does not take, after answering it as the platform does', async () => {
    const run = await startCli(['--port', '0', '--scenario', 'demo', '--strict', '--quiet'])
    const { named: tokens } = (await (await fetch(`${run.url}/_docplat/tokens`)).json()) as { named: Record<string, string> }
    const headers = { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' }
    const orgs = (await (await fetch(`${run.url}/v1/orgs`, { headers })).json()) as { items: Array<{ id: string }> }
    const response = await fetch(`${run.url}/v1/orgs/${orgs.items[0]!.id}/collections`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ titel: 'Roadmap' }),
    })
    expect(response.status).toBe(201)
    expect(((await response.json()) as { title: string }).title).toBe('Untitled collection')
    expect(await run.exited).toEqual({ code: 1, signal: null })
    expect(run.stderr()).toMatch(
      /docplat-mock: --strict: unmatched request: POST \/v1\/orgs\/\w+\/collections → 201 unknown-field: Unknown field body\.titel \(did you mean body\.title\?\), ignored by createCollection/,
    )
  })
})
