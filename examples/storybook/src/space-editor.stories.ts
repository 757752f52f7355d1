import type { Meta, StoryObj } from '@storybook/html-vite'
import { expect, userEvent, within } from 'storybook/test'
import { clientAs, demoSpaceId, platform, type DemoRole } from './mock-platform.ts'
import { createSpaceEditor } from './space-editor.ts'

interface Args {
  /** Whose token the component's client carries. */
  role: DemoRole
}

const meta = {
  title: 'Spaces/Space editor',
  args: { role: 'admin' },
  argTypes: { role: { control: 'inline-radio', options: ['admin', 'edit', 'read'] } },
  loaders: [async () => ({ spaceId: await demoSpaceId('Getting Started') })],
  render: (args, { loaded }) => createSpaceEditor({ client: clientAs(args.role), spaceId: loaded.spaceId as string }),
} satisfies Meta<Args>

export default meta
type Story = StoryObj<Args>

/** An admin renames the space: the title shown is read back from the mock after the rename. */
export const Rename: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: 'Getting Started' })
    await userEvent.type(canvas.getByLabelText('New title'), 'New title')
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }))
    await canvas.findByRole('heading', { name: 'New title' })
    await expect(canvas.getByRole('status')).toHaveTextContent('Saved')
    // The platform's state changed too (the next story starts from the demo again).
    await expect(platform.db.spaces.get(loaded.spaceId as string)?.title).toBe('New title')
  },
}

/** A member with the read role gets the platform's 403: the title stays as it was. */
export const ReadOnlyMember: Story = {
  args: { role: 'read' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: 'Getting Started' })
    await userEvent.type(canvas.getByLabelText('New title'), 'Mine now')
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }))
    await expect(await canvas.findByText('You may not rename this space.')).toBeVisible()
    await expect(canvas.getByRole('heading')).toHaveTextContent('Getting Started')
  },
}
