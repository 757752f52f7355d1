import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './blocks.ts'

// The repository explains itself: no document sends its reader to a file that is not there, or
// to one outside the repository (a clone has nothing beside it).
const OUTSIDE = ['node_modules', '.git', 'dist', 'docs/api', 'coverage', 'test-results']

function markdownFiles(dir = ''): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) return OUTSIDE.includes(path) ? [] : markdownFiles(path)
    return entry.isFile() && entry.name.endsWith('.md') ? [path] : []
  })
}

/** The link targets of a markdown text, outside code (a code sample's `[a](b)` is not a link). */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/(`+)[^`\n]*?\1/g, '')
  const inline = [...prose.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!)
  const reference = [...prose.matchAll(/^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!)
  return [...inline, ...reference]
}

/** Whether a target is a path inside the repository (not a URL, not an anchor of the same page). */
const isRelativePath = (target: string) => !/^([a-z][a-z\d+.-]*:|#|\/\/)/i.test(target)

const documents = markdownFiles()

/** The design notes and the specification live beside the repository, not in it: a clone has none of them. */
const OUTSIDE_FILES = /\.\.\/shared\b|\bspec\/|(?<![\w/.-])(api|operations|DESIGN|STYLE)\.md\b/

describe('links in the documents', () => {
  it('finds the documents, wherever they are', () => {
    expect(documents).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/contributing.md',
        'docs/architecture.md',
        'docs/decisions/model.md',
        'examples/node/README.md',
        '.changeset/README.md',
        'src/generated/README.md',
        'test/contract/operations.md',
      ]),
    )
    expect(documents.some((d) => d.startsWith('node_modules/'))).toBe(false)
  })

  it('reads links as markdown does', () => {
    const text =
      'See [the guide](docs/sdk.md#errors), ![a](img.png "t") and [site](https://x.test).\n[ref]: ./a.md\n`[no](code.md)`\n```md\n[no](block.md)\n```\n'
    expect(linkTargets(text)).toEqual(['docs/sdk.md#errors', 'img.png', 'https://x.test', './a.md'])
    expect(linkTargets(text).filter(isRelativePath)).toEqual(['docs/sdk.md#errors', 'img.png', './a.md'])
  })

  it('point at files and folders that exist', () => {
    const broken = documents.flatMap((document) =>
      linkTargets(readFileSync(join(ROOT, document), 'utf8'))
        .filter(isRelativePath)
        .filter((target) => {
          const path = decodeURI(target.replace(/[#?].*$/, ''))
          if (path === '') return false
          const resolved = path.startsWith('/') ? join(ROOT, path) : join(dirname(join(ROOT, document)), path)
          return !existsSync(resolved) || relative(ROOT, resolved).startsWith('..')
        })
        .map((target) => `${document}: ${target}`),
    )
    expect(broken).toEqual([])
  })

  it('never point outside the repository, even in words', () => {
    const outside = documents.flatMap((document) =>
      readFileSync(join(ROOT, document), 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE_FILES.test(line) ? [`${document}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(outside).toEqual([])
  })
})
