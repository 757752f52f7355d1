import LZString from 'lz-string'
import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { DEMO, rejects } from './support.ts'

const compress = (value: unknown) => LZString.compressToEncodedURIComponent(JSON.stringify(value))

/** The demo block as the mock's runtime renders it. */
const METRIC = {
  type: 'block',
  children: [
    { type: 'text', style: 'bold', children: ['Metric card'] },
    { type: 'text', children: ['The current value of a metric'] },
    { type: 'markdown', content: 'Shows the current value of an Acme Insights metric.' },
  ],
}

describe('integrations.render', () => {
  it('renders the declared block with the props and state echoed', async () => {
    const { admin } = await setup()
    const output = await admin.integrations.render({
      integrationName: DEMO,
      componentId: 'metric',
      props: { metric: 'signups' },
      state: { range: '7d' },
      context: { theme: 'dark' },
    })
    expect(output).toEqual({ type: 'element', element: METRIC, state: { range: '7d' }, props: { metric: 'signups' } })
    expect(await admin.integrations.render({ integrationName: DEMO, componentId: 'metric' })).toEqual({
      type: 'element',
      element: METRIC,
      state: {},
      props: {},
    })
  })

  it('renders in a space the integration is installed on', async () => {
    const { platform, admin, demo } = await setup()
    const output = await admin.integrations.render({
      integrationName: DEMO,
      componentId: 'metric',
      context: { spaceId: demo.spaces.guide },
    })
    expect(output.element).toEqual(METRIC)
    await rejects(
      admin.integrations.render({ integrationName: DEMO, componentId: 'metric', context: { spaceId: demo.spaces.globexDocs } }),
      NotFoundError,
      demo.spaces.globexDocs,
    )
    await platform.builders.updateInstallation({ integration: DEMO, organization: demo.acme, spaceSelection: 'selected' })
    await rejects(
      admin.integrations.render({ integrationName: DEMO, componentId: 'metric', context: { spaceId: demo.spaces.guide } }),
      NotFoundError,
      'not installed',
    )
  })

  it('is for members of the owner organization and of organizations where it is installed', async () => {
    const { guest, outsider, anonymous, demo } = await setup()
    expect((await guest.integrations.render({ integrationName: DEMO, componentId: 'metric' })).type).toBe('element')
    await rejects(outsider.integrations.render({ integrationName: DEMO, componentId: 'metric' }), PermissionDeniedError, 'installed')
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    expect((await outsider.integrations.render({ integrationName: DEMO, componentId: 'metric' })).element).toEqual(METRIC)
    await rejects(anonymous.integrations.render({ integrationName: DEMO, componentId: 'metric' }), AuthenticationError)
  })

  it('refuses unknown components (404) and bad requests (400)', async () => {
    const { admin } = await setup()
    await rejects(admin.integrations.render({ integrationName: DEMO, componentId: 'chart' }), NotFoundError, 'chart')
    await rejects(admin.integrations.render({ integrationName: DEMO, componentId: 'release-notes' }), NotFoundError, 'release-notes')
    await rejects(admin.integrations.render({ integrationName: 'nope', componentId: 'metric' }), NotFoundError, 'nope')
    await rejects(admin.integrations.render({ integrationName: DEMO } as never), BadRequestError, 'body.componentId')
    await rejects(admin.integrations.render({ integrationName: DEMO, componentId: 'a b' }), BadRequestError, 'body.componentId')
    await rejects(
      admin.integrations.render({ integrationName: DEMO, componentId: 'metric', props: [] as never }),
      BadRequestError,
      'body.props',
    )
    await rejects(
      admin.integrations.render({ integrationName: DEMO, componentId: 'metric', context: { spaceId: 7 } as never }),
      BadRequestError,
      'body.context.spaceId',
    )
  })
})

describe('integrations.renderWithGet', () => {
  it('renders from an LZ-string compressed request', async () => {
    const { admin } = await setup()
    const request = compress({ componentId: 'metric', props: { metric: 'churn' }, state: { open: true }, context: {} })
    expect(await admin.integrations.renderWithGet({ integrationName: DEMO, request })).toEqual({
      type: 'element',
      element: METRIC,
      state: { open: true },
      props: { metric: 'churn' },
    })
    expect(await admin.integrations.renderWithGet({ integrationName: DEMO, request })).toEqual(
      await admin.integrations.render({
        integrationName: DEMO,
        componentId: 'metric',
        props: { metric: 'churn' },
        state: { open: true },
        context: {},
      }),
    )
  })

  it('answers 400 naming query.request when it does not decompress to a JSON object of the right shape', async () => {
    const { admin } = await setup()
    for (const request of ['not-compressed', compress([1, 2]), compress('text'), LZString.compressToEncodedURIComponent('{broken')]) {
      await rejects(admin.integrations.renderWithGet({ integrationName: DEMO, request }), BadRequestError, 'query.request')
    }
    await rejects(
      admin.integrations.renderWithGet({ integrationName: DEMO, request: compress({ props: {} }) }),
      BadRequestError,
      'query.request.componentId: is required',
    )
    await rejects(
      admin.integrations.renderWithGet({ integrationName: DEMO, request: compress({ componentId: 'metric', state: 'open' }) }),
      BadRequestError,
      'query.request.state',
    )
    await rejects(admin.integrations.renderWithGet({ integrationName: DEMO, request: '' }), BadRequestError, 'query.request')
    await rejects(
      admin.integrations.renderWithGet({ integrationName: DEMO, request: compress({ componentId: 'nothing' }) }),
      NotFoundError,
      'nothing',
    )
  })

  it('checks who may render before reading the request', async () => {
    const { outsider, anonymous } = await setup()
    await rejects(outsider.integrations.renderWithGet({ integrationName: DEMO, request: 'garbage' }), PermissionDeniedError)
    await rejects(
      anonymous.integrations.renderWithGet({ integrationName: DEMO, request: compress({ componentId: 'metric' }) }),
      AuthenticationError,
    )
  })
})
