// The page the browser test loads: the demo platform behind MSW's service worker, used through
// the SDK exactly as an app would (global fetch to the platform's URL, no injected fetch).
import { createClient } from '../../../src/index.ts'
import { createMockPlatform } from '../../../mock/index.ts'
import { startMockWorker, type MockWorker } from '../../../mock/browser/index.ts'

declare global {
  interface Window {
    /** What the test drives after the page has rendered: the worker's helpers, the client, the space. */
    docplat?: { mock: MockWorker; client: ReturnType<typeof createClient>; spaceId: string }
  }
}

const status = document.querySelector<HTMLParagraphElement>('#status')!
const app = document.querySelector<HTMLDivElement>('#app')!

function show(tag: string, id: string, text: string): void {
  const element = document.createElement(tag)
  element.id = id
  element.textContent = text
  app.append(element)
}

async function main(): Promise<void> {
  const platform = createMockPlatform({ scenario: 'demo' })
  const mock = await startMockWorker(platform, { quiet: true })
  status.textContent = `Mock worker active; the SDK talks to ${platform.baseUrl}`

  const client = createClient({ token: platform.tokens.admin, baseUrl: platform.baseUrl })
  const {
    items: [org],
  } = await client.orgs.list()
  const { items: collections } = await client.collections.list({ organizationId: org!.id })
  const product = collections.find((c) => c.title === 'Product')!
  const { items: spaces, count } = await client.collections.listSpaces({ collectionId: product.id })

  const table = document.createElement('table')
  table.id = 'spaces'
  table.innerHTML = '<tr><th>Space</th><th>Visibility</th></tr>'
  for (const space of spaces) {
    const row = table.insertRow()
    row.insertCell().textContent = space.title
    row.insertCell().textContent = space.visibility
  }
  show('p', 'listed', `${count} spaces in ${org!.title} / ${product.title}:`)
  app.append(table)

  const space = spaces[0]!
  await client.spaces.update({ spaceId: space.id, title: 'New title' })
  // Read back through a second request: the new title must come from the platform's state.
  const reread = await client.spaces.get({ spaceId: space.id })
  show('p', 'result', `Renamed: ${reread.title}`)
  show('p', 'before', `(was "${space.title}", id ${space.id})`)
  window.docplat = { mock, client, spaceId: space.id }
}

main().catch((error: unknown) => {
  show('p', 'error', `Failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`)
})
