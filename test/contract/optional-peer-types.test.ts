import { describe, expect, it } from 'vitest'
import { guardOptionalPeerImports } from '../../build/optional-peer-types.ts'

// The consumer test (section `strict`) compiles the packed declarations without msw; this pins
// which lines the build guards.
describe('msw imports of the declarations are guarded', () => {
  it('guards each msw import line, once, and nothing else', () => {
    const chunk = [
      'import { z } from "zod/mini";',
      'import { HttpHandler } from "msw";',
      "import { SetupWorker } from 'msw/browser';",
      'import { Query } from "@msw/data";',
      'import { X } from "mswjs";',
      'export interface P { handlers: HttpHandler[] }',
    ].join('\n')
    const guarded = guardOptionalPeerImports(chunk)
    const lines = guarded.split('\n')
    const directive = '// @ts-ignore -- msw is an optional peer: without it these types are `any`'
    expect(lines).toEqual([
      'import { z } from "zod/mini";',
      directive,
      'import { HttpHandler } from "msw";',
      directive,
      "import { SetupWorker } from 'msw/browser';",
      'import { Query } from "@msw/data";',
      'import { X } from "mswjs";',
      'export interface P { handlers: HttpHandler[] }',
    ])
    expect(guardOptionalPeerImports(guarded)).toBe(guarded)
  })
})
