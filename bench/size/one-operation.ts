// An app that calls one operation through its standalone function.
import { createCore, getSpaceById } from '../../src/index.ts'

const core = createCore({ token: 'token' })
export const space = await getSpaceById(core, { spaceId: 'space-id' })
