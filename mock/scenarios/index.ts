import type { Builders } from './builders.ts'
import { areas } from '../model/hooks.ts'
import { demoFoundation } from './demo/foundation.ts'

/** A scenario: a function that builds state with the builders. */
export type Scenario = (builders: Builders) => Promise<unknown>

/** The token names of the demo scenario, one per role plus a guest and a user of another organization. */
export const DEMO_TOKEN_NAMES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const

/** The built-in scenarios. */
export const scenarios: Record<'demo' | 'empty', Scenario> = {
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
