import { describe, expect, it } from 'vitest'
import { findCycles, findStrayTests, findViolations, LAYERS, layerOf } from '../../scripts/check-cycles.ts'

// `npm run lint` (run by `npm test`) runs the check over the repository: these tests show it fails
// when it should.
describe('the layering check of src/, mock/ and the tools', () => {
  it('finds a cycle and a layering break when there is one', () => {
    const edges = new Map([
      ['mock/model/a.ts', ['mock/model/b.ts']],
      ['mock/model/b.ts', ['mock/model/c.ts', 'mock/present/x.ts']],
      ['mock/model/c.ts', ['mock/model/a.ts']],
      ['mock/present/x.ts', []],
      ['mock/base/y.ts', ['mock/model/a.ts']],
      ['mock/model/self.ts', ['mock/model/self.ts']],
    ])
    const cycles = findCycles({ edges })
    expect(cycles.map((c) => c.modules)).toEqual(
      expect.arrayContaining([['mock/model/a.ts', 'mock/model/b.ts', 'mock/model/c.ts'], ['mock/model/self.ts']]),
    )
    expect(cycles.find((c) => c.modules.length === 3)!.path).toEqual([
      'mock/model/a.ts',
      'mock/model/b.ts',
      'mock/model/c.ts',
      'mock/model/a.ts',
    ])
    expect(findViolations({ edges })).toEqual([
      'mock/model/b.ts -> mock/present/x.ts (model may not import present)',
      'mock/base/y.ts -> mock/model/a.ts (mock base may not import model)',
    ])
  })

  it('keeps src/ below mock/, and both below the tools, whatever folder of them imports', () => {
    const edges = new Map([
      ['src/contract/spaces.ts', ['src/core/request.ts', 'src/schemas/space.ts']],
      ['src/core/request.ts', ['mock/base/input.ts']],
      ['mock/handlers/spaces.ts', ['src/contract/spaces.ts', 'scripts/openapi.ts']],
      ['mock/model/state.ts', ['test/helpers.ts', 'bench/harness.ts']],
      ['scripts/openapi.ts', ['mock/index.ts', 'test/helpers.ts']],
      ['test/helpers.ts', ['src/index.ts', 'scripts/openapi.ts']],
      ['mock/fresh/thing.ts', []],
    ])
    expect(findViolations({ edges })).toEqual([
      'src/contract/spaces.ts -> src/core/request.ts (contract may not import sdk core)',
      'src/core/request.ts -> mock/base/input.ts (sdk core may not import mock base)',
      'mock/handlers/spaces.ts -> scripts/openapi.ts (handlers may not import tools)',
      'mock/model/state.ts -> test/helpers.ts (model may not import tools)',
      'mock/model/state.ts -> bench/harness.ts (model may not import tools)',
      'mock/fresh/thing.ts is in no layer (add its folder to LAYERS in scripts/check-cycles.ts)',
    ])
  })

  it('keeps the tables below derived data, derived data below the rules, and the markdown engine below all three', () => {
    const edges = new Map([
      ['mock/model/content/pages.ts', ['mock/derived/content/view.ts', 'mock/tables/content.ts', 'mock/markdown/parse.ts']],
      ['mock/derived/content/view.ts', ['mock/tables/content.ts', 'mock/tables/db.ts', 'mock/model/state.ts']],
      ['mock/derived/content/links.ts', ['mock/model/content/pages.ts']],
      ['mock/tables/content.ts', ['mock/tables/table.ts', 'mock/derived/content/cache.ts']],
      ['mock/markdown/parse.ts', ['mock/base/markdown-depth.ts', 'mock/derived/content/view.ts']],
      ['mock/tables/libraries.ts', ['mock/markdown/markdown.ts']],
    ])
    expect(findViolations({ edges })).toEqual([
      'mock/derived/content/view.ts -> mock/model/state.ts (derived may not import model)',
      'mock/derived/content/links.ts -> mock/model/content/pages.ts (derived may not import model)',
      'mock/tables/content.ts -> mock/derived/content/cache.ts (tables may not import derived)',
      'mock/markdown/parse.ts -> mock/derived/content/view.ts (markdown may not import derived)',
    ])
  })

  it('keeps HTTP operations out of the model: it takes its input shapes from src/schemas', () => {
    const edges = new Map([
      ['mock/model/integrations/publish.ts', ['src/contract/integrations/catalog.ts', 'src/schemas/integration-input.ts']],
      ['mock/model/comments/posts.ts', ['src/schemas/comment-input.ts', 'mock/base/clock.ts']],
      ['mock/handlers/comments/space.ts', ['src/contract/comments/space.ts', 'mock/model/comments/posts.ts']],
      ['src/contract/integrations/catalog.ts', ['src/schemas/integration-input.ts']],
    ])
    expect(findViolations({ edges })).toEqual([
      'mock/model/integrations/publish.ts -> src/contract/integrations/catalog.ts (model may not import contract)',
    ])
  })

  it('allows a type-only cycle only inside a layer that says so', () => {
    // src/schemas and the generated shapes name each other's types; a value import closes a real cycle.
    const edges = new Map([
      ['src/schemas/space.ts', ['src/generated/shapes.ts']],
      ['src/generated/shapes.ts', ['src/schemas/space.ts']],
      ['mock/model/a.ts', ['mock/model/b.ts']],
      ['mock/model/b.ts', ['mock/model/a.ts']],
    ])
    const typeOnly = new Set([
      'src/schemas/space.ts -> src/generated/shapes.ts',
      'src/generated/shapes.ts -> src/schemas/space.ts',
      'mock/model/a.ts -> mock/model/b.ts',
      'mock/model/b.ts -> mock/model/a.ts',
    ])
    expect(findCycles({ edges, typeOnly }).map((c) => c.modules)).toEqual([['mock/model/a.ts', 'mock/model/b.ts']])
    // Values both ways: a cycle at run time.
    typeOnly.delete('src/generated/shapes.ts -> src/schemas/space.ts')
    typeOnly.delete('src/schemas/space.ts -> src/generated/shapes.ts')
    expect(findCycles({ edges, typeOnly }).map((c) => c.modules)).toEqual(
      expect.arrayContaining([
        ['mock/model/a.ts', 'mock/model/b.ts'],
        ['src/generated/shapes.ts', 'src/schemas/space.ts'],
      ]),
    )
  })

  it('places a module by the longest path that names it, and finds tests outside test/', () => {
    expect(LAYERS[layerOf('src/generated/shapes.ts')]!.name).toBe('schemas')
    expect(LAYERS[layerOf('src/generated/operations.ts')]!.name).toBe('generated sdk')
    expect(LAYERS[layerOf('mock/node/capture/copy.ts')]!.name).toBe('node')
    expect(LAYERS[layerOf('mock/tables/content.ts')]!.name).toBe('tables')
    expect(LAYERS[layerOf('mock/model/content/pages.ts')]!.name).toBe('model')
    expect(layerOf('mock/unknown.ts')).toBe(-1)
    const edges = new Map<string, string[]>([
      ['mock/base/clock.test.ts', []],
      ['src/core/errors.test.ts', []],
      ['test/sdk/errors.test.ts', []],
      ['examples/vitest/spaces.test.ts', []],
      ['scripts/check-cycles.test.ts', []],
    ])
    expect(findStrayTests({ edges })).toEqual(['mock/base/clock.test.ts', 'src/core/errors.test.ts', 'scripts/check-cycles.test.ts'])
  })
})
