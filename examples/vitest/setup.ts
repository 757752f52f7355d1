import { type DocplatMatchers, matchers } from 'docplat/mock/matchers'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { platform, server } from './mocks.js'

// Any request that neither the platform nor a test's override answers fails the test: a typo in
// a URL shows up at once instead of as a hang or a real network call. msw 3 calls the option
// `onUnhandledFrame`, msw 2 `onUnhandledRequest`: name both, each major reads its own (passed as a
// variable, the object type-checks against either major's options).
const unhandled = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const
beforeAll(() => server.listen(unhandled))

// Every test starts from the demo data: drop the test's `server.use(...)` overrides, and put the
// platform back as the scenario built it (its faults and request log are cleared too).
afterEach(async () => {
  server.resetHandlers()
  await platform.reset()
})

afterAll(() => server.close())

// `expect(platform).toHaveReceived(...)` and the other docplat matchers, with their types. Their
// types go on Chai's `Assertion`, whose methods Vitest 4 and 5 both give their `expect`: Vitest's
// own `Matchers` has other type parameters in each major, and an augmentation must repeat them.
// `void | Promise<void>`: a platform answers at once, a remote one (`connectMockServer`) is awaited.
expect.extend(matchers)
declare global {
  namespace Chai {
    interface Assertion extends DocplatMatchers<void | Promise<void>> {}
  }
}
