// A test setup file that registers the matchers: `expect.extend(matchers)`.
import { matchers } from '../../mock/verify/matchers.ts'

export const registered = Object.keys(matchers)
