import { PermissionDeniedError, type Client } from 'docplat'

/** What the space editor needs: a client (the app's) and the space to edit. */
export interface SpaceEditorProps {
  client: Client
  spaceId: string
}

/**
 * A small framework-free component: shows a space's title and renames it through the SDK.
 * It knows nothing of the mock; in Storybook the service worker answers its requests.
 */
export function createSpaceEditor({ client, spaceId }: SpaceEditorProps): HTMLElement {
  const root = document.createElement('section')
  root.className = 'space-editor'
  root.innerHTML = `
    <h2>Loading…</h2>
    <form>
      <label>New title <input name="title" required maxlength="50" /></label>
      <button type="submit">Rename</button>
    </form>
    <p role="status"></p>`
  const heading = root.querySelector('h2')!
  const form = root.querySelector('form')!
  const input = form.querySelector('input')!
  const status = root.querySelector<HTMLElement>('[role="status"]')!

  client.spaces.get({ spaceId }).then(
    (space) => (heading.textContent = space.title),
    (error: unknown) => (status.textContent = messageOf(error)),
  )

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    status.textContent = 'Saving…'
    try {
      await client.spaces.update({ spaceId, title: input.value })
      // Show what the platform now holds, not what was typed.
      const space = await client.spaces.get({ spaceId })
      heading.textContent = space.title
      status.textContent = 'Saved'
    } catch (error) {
      status.textContent = messageOf(error)
    }
  })
  return root
}

function messageOf(error: unknown): string {
  if (error instanceof PermissionDeniedError) return 'You may not rename this space.'
  return error instanceof Error ? error.message : String(error)
}
