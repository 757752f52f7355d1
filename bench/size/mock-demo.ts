// A browser app (Storybook, dev server) that runs the whole mock with the demo scenario.
import { createMockPlatform } from '../../mock/index.ts'

export const platform = createMockPlatform({ scenario: 'demo' })
