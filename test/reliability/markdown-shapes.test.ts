import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_MARKDOWN } from '../../src/schemas/comment-input.ts'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { boundInlineRuns, MAX_INLINE_DELIMITERS } from '../../mock/markdown/inline-bound.ts'
import { parseMarkdown, plainText } from '../../mock/markdown/parse.ts'
import { mdastToDocument } from '../../mock/markdown/document.ts'
import { createClient, type Client } from '../../src/index.ts'

/**
 * Flat markdown shapes on which the parser was superlinear (seconds for 10 to 80 KB, inside the
 * state lock): each, as large as a comment may be, is accepted and read back as a correct
 * document; as page content (no API limit) too. Their cost is a benchmark figure
 * (bench/markdown-shapes.ts), not asserted here.
 */

const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)

const shapes: Array<[string, (length: number) => string, string, boolean?]> = [
  // [name, builder, a text the document must hold, whether GFM drops part of it by design]
  ['`*a` run', (n) => fill('*a', n), 'a'],
  ['`~a` run', (n) => fill('~a', n), 'a'],
  ['`**a` run', (n) => fill('**a', n), 'a'],
  ['`*a_` run', (n) => fill('*a_', n), 'a'],
  ['unclosed `[a](`', (n) => fill('[a](', n), '[a]('],
  ['`](` run', (n) => fill('](', n), ']('],
  ['nested brackets', (n) => `${'['.repeat(n / 2 - 1)}ab${']'.repeat(n / 2 - 1)}`, 'ab'],
  ['footnote call openers `[^a`', (n) => fill('[^a', n), '[^a'],
  ['one `[` before words', (n) => `[${fill('word ', n - 1)}`, '[word word'],
  ['`[` words `]`', (n) => `[${fill('word ', n - 2)}]`, 'word word'],
  // GFM ignores the cells of a row beyond the header's count.
  ['table with many pipes', (n) => `|a|b|\n|-|-|\n${fill('|*x*', n - 12)}`, 'x', true],
]

let platform: MockPlatform
let client: Client
let spaceId: string

beforeAll(async () => {
  platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Shapes' })
  const admin = await platform.builders.user({ displayName: 'Sam', organization: org.id, role: 'admin', tokenName: 'sam' })
  spaceId = (await platform.builders.space({ organization: org.id, title: 'Shapes' })).id
  client = createClient({ token: admin.token, fetch: platform.fetch, retry: 0 })
})

type Doc = { object: string; nodes: unknown[] }

function textOf(document: Doc): string {
  const parts: string[] = []
  const stack: unknown[] = [document]
  while (stack.length > 0) {
    const node = stack.pop() as { text?: string; nodes?: unknown[]; leaves?: Array<{ text: string }> }
    if (typeof node.text === 'string') parts.push(node.text)
    if (node.leaves) for (const leaf of node.leaves) parts.push(leaf.text)
    if (node.nodes) for (let i = node.nodes.length - 1; i >= 0; i--) stack.push(node.nodes[i])
  }
  return parts.join('')
}

describe('hostile flat markdown shapes', () => {
  it.each(shapes)('a comment of %s as long as allowed reads back as a document', async (_, build, expected, drops) => {
    const markdown = build(MAX_MARKDOWN)
    expect(markdown.length).toBeLessThanOrEqual(MAX_MARKDOWN)
    const comment = await client.spaces.comments.create({ spaceId, body: { markdown } })
    const read = await client.spaces.comments.get({ spaceId, commentId: comment.id, format: 'document' })
    const document = (read.body as { document: Doc }).document
    expect(document.object).toBe('document')
    expect(document.nodes.length).toBeGreaterThan(0)
    const text = textOf(document)
    expect(text).toContain(expected)
    // Nothing is lost: the letters of the source are all in the document's text.
    if (!drops) expect(text.replace(/[^A-Za-z]/g, '').length).toBeGreaterThanOrEqual(markdown.replace(/[^A-Za-z]/g, '').length - 4)
    expect((await client.spaces.comments.get({ spaceId, commentId: comment.id })).body).toEqual({ markdown })
    await client.spaces.comments.delete({ spaceId, commentId: comment.id })
  })

  it.each(shapes)('page content of %s (128 KB, built) reads back as a document', async (_, build, expected) => {
    const markdown = build(2 * MAX_MARKDOWN)
    const page = await platform.builders.page({ space: spaceId, title: 'Shape', markdown })
    const read = await client.spaces.content.getPage({ spaceId, pageId: page.page, format: 'document' })
    expect(read.document!.nodes.length).toBeGreaterThan(0)
    expect(textOf(read.document as Doc)).toContain(expected)
  })

  it('keeps ordinary emphasis and links exact, and escapes only what is beyond the bound', () => {
    const ordinary = 'Some *emphasis*, **strong**, ~~gone~~, snake_case_name and [a link](https://example.com).'
    expect(parseMarkdown(ordinary)).toEqual(parseMarkdown(ordinary)) // deterministic
    const paragraph = parseMarkdown(ordinary).children[0] as { children: Array<{ type: string }> }
    expect(paragraph.children.map((c) => c.type)).toEqual(['text', 'emphasis', 'text', 'strong', 'text', 'delete', 'text', 'link', 'text'])
    // A paragraph with twice the bound of `*a*`: the first half still emphasis, the rest literal.
    const many = '*a* '.repeat(MAX_INLINE_DELIMITERS)
    const nodes = (parseMarkdown(many).children[0] as { children: Array<{ type: string }> }).children
    expect(nodes.filter((n) => n.type === 'emphasis').length).toBe(MAX_INLINE_DELIMITERS / 2)
    expect(plainText(parseMarkdown(many)).match(/\*a\*/g)?.length).toBe(MAX_INLINE_DELIMITERS / 2)
    // A long ordinary document (sections of headings, emphasis, links, lists, tables, code) is untouched.
    const section =
      '## Title *a*\n\nSome **b** and [c](d) and ~~e~~ with `f*g`.\n\n- *h*\n- [i][j]\n\n| k | *l* |\n| - | - |\n\n```\n*[\n```\n\n[j]: /u\n\n'
    const document = section.repeat(400)
    expect(boundInlineRuns(document)).toBe(document)
    // An escaped `[^` keeps its `^` literal too (micromark is superlinear on many `\[^`).
    expect(plainText(parseMarkdown(`[^a${'word '.repeat(300)}`))).toBe(`[^a${'word '.repeat(300).trimEnd()}`)
    // A lone `[` stays a literal `[`, and code keeps its brackets without a backslash.
    expect(plainText(parseMarkdown(`Type \`[\` then [${'word '.repeat(400)}`))).toBe(`Type [ then [${'word '.repeat(400).trimEnd()}`)
  })
})

describe('random markdown of hostile tokens', () => {
  const token = fc.constantFrom(
    '*',
    '**',
    '_',
    '__',
    '~',
    '~~',
    '[',
    ']',
    '](',
    '![',
    '[^',
    '`',
    '``',
    '<',
    '<http:',
    '>',
    '|',
    '\\',
    '(',
    ')',
    'a',
    'word',
    ' ',
    '\n',
    '\n\n',
    '- ',
    '1. ',
    '# ',
    '```',
    'www.a.b',
    '&#91;',
    '[a]: /u',
  )
  it('parses to a document without throwing, whatever the mix', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 400 }), fc.integer({ min: 1, max: 30 }), (tokens, repeat) => {
        const markdown = tokens.join('').repeat(repeat)
        const document = mdastToDocument(parseMarkdown(markdown))
        expect(typeof document).toBe('object')
        expect(typeof plainText(parseMarkdown(markdown))).toBe('string')
      }),
      { numRuns: 60, seed: 15 },
    )
  })
})
