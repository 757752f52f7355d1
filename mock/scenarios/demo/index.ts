import type { Builders } from '../builders.ts'
import { demoComments } from './comments.ts'
import { demoContent } from './content/index.ts'
import { demoFoundation } from './foundation.ts'
import { demoIntegrations } from './integrations.ts'
import { demoServices } from './services.ts'
import { demoSites } from './sites.ts'
import type { DEMO_PEOPLE } from './people.ts'

/**
 * Builds the demo scenario. Loaded when a demo platform is created (`import()` in
 * ../index.ts), so apps on the empty scenario or their own never carry its content, and a
 * browser fetches it while msw loads.
 */
export async function buildDemo(b: Builders, people: typeof DEMO_PEOPLE) {
  const demo = await demoFoundation(b, people)
  // Each area's part on top of the foundation; comments point at content, sites publish spaces.
  await demoContent(b, demo)
  await demoComments(b, demo)
  await demoSites(b, demo)
  await demoServices(b, demo)
  await demoIntegrations(b, demo)
  return demo
}
