import type { Builders } from './builders.ts'
import { demoFoundation, type DemoContext } from './demo-foundation.ts'

/** A scenario: a function that builds state with the builders. */
export type Scenario = (builders: Builders) => Promise<unknown>

/** Steps other areas add to the demo (content, comments, sites...), run in order after the foundation. */
export const demoSteps: Array<(b: Builders, demo: DemoContext) => Promise<void>> = []

/** The token names of the demo scenario, one per role plus a guest and a user of another organization. */
export const DEMO_TOKEN_NAMES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const

/** The built-in scenarios. */
export const scenarios: Record<'demo' | 'empty', Scenario> = {
  async demo(b) {
    const demo = await demoFoundation(b)
    for (const step of demoSteps) await step(b, demo)
    return demo
  },
  async empty() {
    return undefined
  },
}
