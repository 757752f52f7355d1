import { afterAll, afterEach, beforeAll } from 'vitest'
import { platform, server } from './mocks.ts'

// Any request that neither the platform nor a test's override answers fails the test: a typo in
// a URL shows up at once instead of as a hang or a real network call. (msw 2: `onUnhandledRequest`.)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))

// Every test starts from the demo data: drop the test's `server.use(...)` overrides, and put the
// platform back as the scenario built it (its faults and request log are cleared too).
afterEach(async () => {
  server.resetHandlers()
  await platform.reset()
})

afterAll(() => server.close())
