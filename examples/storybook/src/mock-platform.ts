import { createClient, type Client } from 'docplat'
import { createMockPlatform } from 'docplat/mock'

/**
 * One mock platform for the whole Storybook: `.storybook/preview.ts` puts it behind MSW's
 * service worker and resets it before every story, so each story starts from the demo data.
 */
export const platform = createMockPlatform({ scenario: 'demo' })

/** A member of the demo organization, by role. */
export type DemoRole = 'admin' | 'edit' | 'read'

/**
 * The client a component would get in the app. It talks to the platform's real URL with the
 * global `fetch`: the service worker answers, so the component code is exactly the production code.
 */
export function clientAs(role: DemoRole): Client {
  return createClient({ token: platform.tokens[role], baseUrl: platform.baseUrl })
}

/** The ID of a demo space, by title (the IDs are stable: the demo is seeded). */
export async function demoSpaceId(title: string): Promise<string> {
  await platform.ready
  for (const space of platform.db.spaces.all()) if (space.title === title) return space.id
  throw new Error(`The demo has no space "${title}"`)
}
