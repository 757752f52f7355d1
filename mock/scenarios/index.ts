import type { Builders } from './builders.ts'
import { DEMO_PEOPLE, type DemoTokenName } from './demo/people.ts'

export type { DemoTokenName } from './demo/people.ts'

/** A scenario: a function that builds state with the builders. */
export type Scenario = (builders: Builders) => Promise<unknown>

/** The token names of the demo scenario, one per role plus a guest and a user of another organization. */
export const DEMO_TOKEN_NAMES = Object.keys(DEMO_PEOPLE) as readonly DemoTokenName[]

/** The names of the built-in scenarios. */
export type ScenarioName = 'demo' | 'empty'

/** The built-in scenarios. */
export const scenarios: Record<ScenarioName, Scenario> = {
  async demo(b) {
    const { buildDemo } = await import('./demo/index.ts')
    return buildDemo(b, DEMO_PEOPLE)
  },
  empty: () => Promise.resolve(undefined),
}
