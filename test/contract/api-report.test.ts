import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { API_ENTRIES, type ApiItem, apiItems, reportText } from '../../scripts/api-report.ts'

const root = new URL('../../', import.meta.url)

/** The names and texts of a checked-in report, read back from its headings and blocks. */
function parseReport(text: string): Map<string, string> {
  const items = new Map<string, string>()
  for (const match of text.matchAll(/^### (\S+)\n\n```text\n([\s\S]*?)\n```$/gm)) items.set(match[1]!, match[2]!)
  return items
}

/** What differs between the checked-in names and the sources', one line a name. */
function reportDiff(checkedIn: Map<string, string>, current: readonly ApiItem[]): string[] {
  const now = new Map(current.map((item) => [item.name, item.text]))
  const lines: string[] = []
  for (const [name, text] of now) {
    if (!checkedIn.has(name)) lines.push(`+ added ${name}: ${text.split('\n')[0]}`)
    else if (checkedIn.get(name) !== text) lines.push(`~ changed ${name}:\n    was: ${checkedIn.get(name)}\n    now: ${text}`)
  }
  for (const name of checkedIn.keys()) if (!now.has(name)) lines.push(`- removed ${name}`)
  return lines
}

// One type-check of the package's entries, shared by every entry's test: as slow as `tsc` on the
// sources, so it is made once, and its test has the time a loaded machine needs for it.
let built: Map<string, ApiItem[]> | undefined
const current = () => (built ??= apiItems())

describe('API report (api/*.api.md)', () => {
  it.each(API_ENTRIES)(
    '$entry exports what its checked-in report says (run `npm run api-report` when this fails)',
    ({ entry, file }) => {
      const items = current().get(entry)!
      const path = new URL(file, root)
      const onDisk = existsSync(path) ? readFileSync(path, 'utf8') : ''
      const diff = reportDiff(parseReport(onDisk), items)
      // The diff names each added, removed or changed export; the whole text is compared too, so
      // the file's order and heading cannot drift either.
      expect(diff, `${file} is out of date: run \`npm run api-report\` and commit it.\n${diff.join('\n')}`).toEqual([])
      expect(onDisk).toBe(reportText(entry, items))
    },
    600_000,
  )

  it('names an added, a removed and a changed export in its diff', () => {
    const checkedIn = new Map([
      ['kept', 'const kept: 1'],
      ['gone', 'function gone(): void'],
      ['retyped', 'const retyped: string'],
    ])
    const diff = reportDiff(checkedIn, [
      { name: 'kept', text: 'const kept: 1' },
      { name: 'retyped', text: 'const retyped: number' },
      { name: 'fresh', text: 'interface fresh {\n}' },
    ])
    expect(diff).toEqual([
      '~ changed retyped:\n    was: const retyped: string\n    now: const retyped: number',
      '+ added fresh: interface fresh {',
      '- removed gone',
    ])
  })

  it('the report of docplat/mock lists no storage internal of the model', () => {
    const names = current()
      .get('docplat/mock')!
      .map((item) => item.name)
    expect(names).toContain('createMockPlatform')
    for (const internal of ['Table', 'SortedIndex', 'Stored', 'Patch', 'PageRecord', 'FileRecord', 'BaseRecord', 'Query']) {
      expect(names).not.toContain(internal)
    }
  }, 600_000)
})
