import type { Builders } from './builders.ts'
import { areas } from '../model/hooks.ts'
import { DEMO_PEOPLE, demoFoundation, type DemoTokenName } from './demo-foundation.ts'

export type { DemoTokenName } from './demo-foundation.ts'

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
    // Each area adds its part (content, comments, sites...) on top of the foundation.
    for (const area of areas) await area.demo?.(b, demo)
    return demo
  },
  async empty() {
    return undefined
  },
}
