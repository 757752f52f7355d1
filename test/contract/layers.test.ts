import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkLayers, findCycles, findViolations } from '../../scripts/check-cycles.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the mock’s import graph', () => {
  it('has no import cycle and keeps its layers (core < model < present < handlers; scenarios above the model)', () => {
    const report = checkLayers(root)
    expect(report.cycles.map((c) => c.path.join(' -> '))).toEqual([])
    expect(report.violations).toEqual([])
  })

  it('finds a cycle and a layering break when there is one', () => {
    const edges = new Map([
      ['mock/model/a.ts', ['mock/model/b.ts']],
      ['mock/model/b.ts', ['mock/model/c.ts', 'mock/present/x.ts']],
      ['mock/model/c.ts', ['mock/model/a.ts']],
      ['mock/present/x.ts', []],
      ['mock/core/y.ts', ['mock/model/a.ts']],
      ['mock/model/self.ts', ['mock/model/self.ts']],
    ])
    const cycles = findCycles({ edges })
    expect(cycles.map((c) => c.modules)).toEqual(expect.arrayContaining([['mock/model/a.ts', 'mock/model/b.ts', 'mock/model/c.ts'], ['mock/model/self.ts']]))
    expect(cycles.find((c) => c.modules.length === 3)!.path).toEqual(['mock/model/a.ts', 'mock/model/b.ts', 'mock/model/c.ts', 'mock/model/a.ts'])
    expect(findViolations({ edges })).toEqual(['mock/model/b.ts -> mock/present/x.ts', 'mock/core/y.ts -> mock/model/a.ts'])
  })
})
