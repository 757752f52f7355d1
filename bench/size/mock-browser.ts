// A browser app (Storybook, a dev server) that runs the whole mock with the demo scenario in MSW's
// service worker: what `npm run size` bundles with code splitting, as Vite and esbuild apps are.
import { startMockWorker } from '../../mock/browser/index.ts'
import { createMockPlatform } from '../../mock/index.ts'

const platform = createMockPlatform({ scenario: 'demo' })
export const mock = await startMockWorker(platform, { quiet: true })
