// A small app: it lists the spaces of the first collection of the user's first organization,
// with when each was last updated, and renames the first one, calling the API with the SDK from
// the browser. Where the API is comes from the page's URL (`?api=...&token=...`), as a dev
// server would inject it.
import { createClient, type Space } from 'docplat'

const params = new URLSearchParams(location.search)
const client = createClient({ baseUrl: params.get('api') ?? 'http://127.0.0.1:4010', token: params.get('token') ?? '', retry: 0 })
const list = document.querySelector<HTMLUListElement>('#spaces')!
const error = document.querySelector<HTMLParagraphElement>('#error')!

function show(failure: unknown): void {
  error.hidden = false
  error.textContent = `Could not reach the API: ${failure instanceof Error ? failure.message : String(failure)}`
}

function render(spaces: Space[]): void {
  list.replaceChildren(
    ...spaces.map((space) => {
      const li = document.createElement('li')
      li.textContent = space.title
      const small = document.createElement('small')
      small.textContent = `updated ${space.updatedAt.slice(0, 10)}`
      li.append(small)
      return li
    }),
  )
}

async function main(): Promise<void> {
  const {
    items: [org],
  } = await client.orgs.list()
  const {
    items: [collection],
  } = await client.collections.list({ organizationId: org!.id })
  document.querySelector('#title')!.textContent = `Spaces of ${org!.title} / ${collection!.title}`
  const spaces = (await client.collections.listSpaces({ collectionId: collection!.id })).items
  render(spaces)
  document.querySelector<HTMLFormElement>('#rename')!.addEventListener('submit', (event) => {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const title = String(new FormData(form).get('title'))
    client.spaces.update({ spaceId: spaces[0]!.id, title }).then((renamed) => {
      spaces[0] = renamed
      render(spaces)
      form.reset()
    }, show)
  })
  document.body.dataset.ready = 'true'
}

main().catch(show)
