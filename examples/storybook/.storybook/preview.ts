import type { Preview } from '@storybook/html-vite'
import { startMockWorker } from 'docplat/mock/browser'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { platform } from '../src/mock-platform.ts'

const preview: Preview = {
  // The addon keeps one worker for all stories and applies per-story `parameters.msw`
  // overrides on top; the worker it uses is ours, so the platform answers everything else.
  loaders: [mswLoader(async () => (await startMockWorker(platform, { quiet: true })).worker)],
  // Stories change state (that is the point): start each one from the demo data.
  beforeEach: async () => {
    await platform.reset()
  },
}

export default preview
