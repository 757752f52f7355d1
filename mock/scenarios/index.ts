import type { Builders } from './builders.ts'
import { demoComments } from './demo/comments.ts'
import { demoContent } from './demo/content/index.ts'
import { demoFoundation } from './demo/foundation.ts'
import { demoIntegrations } from './demo/integrations.ts'
import { demoServices } from './demo/services.ts'
import { demoSites } from './demo/sites.ts'
import { DEMO_PEOPLE, type DemoTokenName } from './demo/foundation.ts'

export type { DemoTokenName } from './demo/foundation.ts'

/** A scenario: a function that builds state with the builders. */
export type Scenario = (builders: Builders) => Promise<unknown>

/** The token names of the demo scenario, one per role plus a guest and a user of another organization. */
export const DEMO_TOKEN_NAMES = Object.keys(DEMO_PEOPLE) as readonly DemoTokenName[]

/** The names of the built-in scenarios. */
export type ScenarioName = 'demo' | 'empty'

/** The built-in scenarios. */
export const scenarios: Record<ScenarioName, Scenario> = {
  async demo(b) {
    const demo = await demoFoundation(b)
    // Each area's part on top of the foundation; comments point at content, sites publish spaces.
    await demoContent(b, demo)
    await demoComments(b, demo)
    await demoSites(b, demo)
    await demoServices(b, demo)
    await demoIntegrations(b, demo)
    return demo
  },
  async empty() {
    return undefined
  },
}
