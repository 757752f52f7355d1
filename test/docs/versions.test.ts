import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOCUMENTS, ROOT } from './blocks.ts'

// The documents give the oldest msw 2 that works with docplat; package.json's peer range is what
// npm enforces. They must say the same, wherever a guide names it.
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }

/** `2.14` from a range such as `^2.14.0 || ^3.0.0`. */
function floorOfMajor2(range: string): string {
  const match = /\^2\.(\d+)\.\d+/.exec(range)
  if (!match) throw new Error(`No msw 2 range in "${range}"`)
  return `2.${match[1]}`
}

/** Every "2.N+", "2.N or later", "2.N and later" said in a paragraph that names msw. */
function statedFloors(document: string): Array<{ where: string; floor: string }> {
  const paragraphs = readFileSync(join(ROOT, document), 'utf8').split(/\n\s*\n/)
  let line = 1
  return paragraphs.flatMap((paragraph) => {
    const start = line
    line += paragraph.split('\n').length + 1
    if (!/msw/i.test(paragraph)) return []
    return [...paragraph.matchAll(/\b(2\.\d+)(?:\+| or later| and later)/g)].map((m) => ({
      where: `${document}:${start + paragraph.slice(0, m.index).split('\n').length - 1}`,
      floor: m[1]!,
    }))
  })
}

describe('the msw floor', () => {
  const floor = floorOfMajor2(pkg.peerDependencies.msw!)

  it('is read from package.json', () => {
    expect(floorOfMajor2('^2.14.0 || ^3.0.0')).toBe('2.14')
    expect(floor).toMatch(/^2\.\d+$/)
  })

  it('is the one every document gives', () => {
    const stated = DOCUMENTS.flatMap(statedFloors)
    // The guides that tell users what to install say it.
    expect(stated.map((s) => s.where.split(':')[0])).toEqual(
      expect.arrayContaining(['README.md', 'docs/getting-started.md', 'docs/mocking.md', 'examples/vitest/README.md']),
    )
    expect(stated.filter((s) => s.floor !== floor)).toEqual([])
  })
})
