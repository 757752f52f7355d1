import { describe, expect, it } from 'vitest'
import { DocumentCache } from '../../mock/derived/comments/document-cache.ts'
import { setup } from '../helpers.ts'

const text = (value: string, ...marks: string[]) => ({ object: 'text', text: value, marks })
const block = (type: string, fields: Record<string, unknown> = {}) => ({ object: 'block', type, ...fields })
const url = (href: string) => ({ kind: 'url', url: href })

describe('format=document', () => {
  it('renders the markdown of a comment as a document of blocks, inlines and marked texts', async () => {
    const { comment, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const markdown = [
      '## Release *notes*',
      '',
      'Run `npm i` then see [the guide](https://example.com/guide) ~~now~~.',
      '',
      '> Quoted',
      '',
      '- one',
      '- two',
      '',
      '3. three',
      '',
      '- [x] done',
      '- [ ] todo',
      '',
      '```ts',
      'const a = 1',
      'const b = 2',
      '```',
      '',
      '---',
      '',
      '| A | B |',
      '| - | - |',
      '| 1 | **2** |',
      '',
      '![logo](https://example.com/logo.png)',
    ].join('\n')
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown } })
    const { body } = await comment.spaces.comments.get({ spaceId, commentId: posted.id, format: 'document' })
    expect(body).not.toHaveProperty('markdown')
    expect(body.document).toEqual({
      object: 'document',
      nodes: [
        block('heading-2', { nodes: [text('Release '), text('notes', 'italic')] }),
        block('paragraph', {
          nodes: [
            text('Run '),
            text('npm i', 'code'),
            text(' then see '),
            { object: 'inline', type: 'link', ref: url('https://example.com/guide'), nodes: [text('the guide')] },
            text(' '),
            text('now', 'strikethrough'),
            text('.'),
          ],
        }),
        block('blockquote', { nodes: [block('paragraph', { nodes: [text('Quoted')] })] }),
        block('list-unordered', {
          nodes: [
            block('list-item', { nodes: [block('paragraph', { nodes: [text('one')] })] }),
            block('list-item', { nodes: [block('paragraph', { nodes: [text('two')] })] }),
          ],
        }),
        block('list-ordered', { start: 3, nodes: [block('list-item', { nodes: [block('paragraph', { nodes: [text('three')] })] })] }),
        block('list-unordered', {
          nodes: [
            block('list-item', { checked: true, nodes: [block('paragraph', { nodes: [text('done')] })] }),
            block('list-item', { checked: false, nodes: [block('paragraph', { nodes: [text('todo')] })] }),
          ],
        }),
        block('code', { syntax: 'ts', text: 'const a = 1\nconst b = 2' }),
        block('divider'),
        block('table', {
          align: [null, null],
          nodes: [
            block('table-row', { nodes: [block('table-cell', { nodes: [text('A')] }), block('table-cell', { nodes: [text('B')] })] }),
            block('table-row', {
              nodes: [block('table-cell', { nodes: [text('1')] }), block('table-cell', { nodes: [text('2', 'bold')] })],
            }),
          ],
        }),
        block('paragraph', { nodes: [{ object: 'inline', type: 'image', ref: url('https://example.com/logo.png'), alt: 'logo' }] }),
      ],
    })
    // The stored markdown is untouched: the default format gives it back as posted.
    expect((await comment.spaces.comments.get({ spaceId, commentId: posted.id })).body).toEqual({ markdown })
    expect((await comment.spaces.comments.get({ spaceId, commentId: posted.id, format: 'markdown' })).body).toEqual({ markdown })
  })

  it('renders replies too, on spaces and change requests', async () => {
    const { comment, edit, platform, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const { id: commentId } = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Q' } })
    const reply = await edit.spaces.comments.replies.create({
      spaceId,
      commentId,
      body: { markdown: 'See [docs][1]\n\n[1]: https://example.com/docs' },
    })
    const doc = await comment.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: reply.id, format: 'document' })
    expect(doc.body.document?.nodes).toEqual([
      block('paragraph', {
        nodes: [text('See '), { object: 'inline', type: 'link', ref: url('https://example.com/docs'), nodes: [text('docs')] }],
      }),
    ])
    const changeRequestId = platform.db.changeRequests.findMany((q) => q.where({ space: demo.spaces.guide }))[0]!.id
    const onCr = await comment.changeRequests.comments.create({
      spaceId: demo.spaces.guide,
      changeRequestId,
      body: { markdown: '# Title' },
    })
    const crReply = await edit.changeRequests.comments.replies.create({
      spaceId: demo.spaces.guide,
      changeRequestId,
      commentId: onCr.id,
      body: { markdown: '*ok*' },
    })
    expect(
      (await comment.changeRequests.comments.get({ spaceId: demo.spaces.guide, changeRequestId, commentId: onCr.id, format: 'document' }))
        .body.document?.nodes,
    ).toEqual([block('heading-1', { nodes: [text('Title')] })])
    expect(
      (
        await comment.changeRequests.comments.replies.get({
          spaceId: demo.spaces.guide,
          changeRequestId,
          commentId: onCr.id,
          commentReplyId: crReply.id,
          format: 'document',
        })
      ).body.document?.nodes,
    ).toEqual([block('paragraph', { nodes: [text('ok', 'italic')] })])
  })
})

describe('GitHub flavour', () => {
  it('strikes one or two tildes, closed by the same run; pads table rows to the header; keeps footnotes where written', async () => {
    const { comment, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const markdown = [
      '~one~, ~~two~~, ~~~three~~~ and ~four~~',
      '',
      '| A | B |',
      '| - | - |',
      '| 1 |',
      '',
      'See[^n].',
      '',
      '[^n]: The note.',
      '',
      'End.',
    ].join('\n')
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown } })
    const { body } = await comment.spaces.comments.get({ spaceId, commentId: posted.id, format: 'document' })
    expect(body.document?.nodes).toEqual([
      block('paragraph', {
        nodes: [text('one', 'strikethrough'), text(', '), text('two', 'strikethrough'), text(', ~~~three~~~ and ~four~~')],
      }),
      block('table', {
        align: [null, null],
        nodes: [
          block('table-row', { nodes: [block('table-cell', { nodes: [text('A')] }), block('table-cell', { nodes: [text('B')] })] }),
          block('table-row', { nodes: [block('table-cell', { nodes: [text('1')] }), block('table-cell', { nodes: [] })] }),
        ],
      }),
      block('paragraph', { nodes: [text('See'), text('[^n]'), text('.')] }),
      block('footnote', { label: 'n', nodes: [block('paragraph', { nodes: [text('The note.')] })] }),
      block('paragraph', { nodes: [text('End.')] }),
    ])
  })
})

describe('converted documents are kept', () => {
  it('a list read twice gives the same documents, and an edited body its new document', async () => {
    const { comment, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const posted = await Promise.all(
      ['*one*', '**two**', '`three`'].map((markdown) => comment.spaces.comments.create({ spaceId, body: { markdown } })),
    )
    const documents = async () => {
      const page = await comment.spaces.comments.list({ spaceId, format: 'document', limit: 100 })
      return new Map(page.items.map((c) => [c.id, c.body.document]))
    }
    const first = await documents()
    expect(first.get(posted[1]!.id)?.nodes).toEqual([block('paragraph', { nodes: [text('two', 'bold')] })])
    expect(await documents()).toEqual(first)
    await comment.spaces.comments.update({ spaceId, commentId: posted[1]!.id, body: { markdown: '~~gone~~' } })
    const after = await documents()
    expect(after.get(posted[1]!.id)?.nodes).toEqual([block('paragraph', { nodes: [text('gone', 'strikethrough')] })])
    expect(after.get(posted[0]!.id)).toEqual(first.get(posted[0]!.id))
  })
})

describe('DocumentCache', () => {
  const doc = (label: string) => ({
    object: 'document' as const,
    nodes: [{ object: 'block' as const, type: 'paragraph', nodes: [{ object: 'text' as const, text: label, marks: [] }] }],
  })

  it('converts a text once, returns it frozen, and forgets the least recently used beyond its budget', () => {
    const converted: string[] = []
    const convert = (markdown: string) => (converted.push(markdown), doc(markdown))
    // Each entry weighs 3 nodes of 96 plus its texts: about 300; a budget of 1,300 holds four.
    const cache = new DocumentCache(1300)
    const a = cache.get('a', convert)
    expect(cache.get('a', convert)).toBe(a)
    expect(converted).toEqual(['a'])
    expect(Object.isFrozen(a) && Object.isFrozen(a.nodes[0]) && Object.isFrozen((a.nodes[0]!.nodes as unknown[])[0])).toBe(true)
    for (const key of ['b', 'c', 'd']) cache.get(key, convert)
    cache.get('a', convert) // a is now the most recently used
    cache.get('e', convert) // pushes out b, the least recently used
    expect(cache.size).toBe(4)
    cache.get('a', convert)
    cache.get('b', convert)
    expect(converted).toEqual(['a', 'b', 'c', 'd', 'e', 'b'])
  })

  it('does not keep a document heavier than a quarter of its budget', () => {
    const cache = new DocumentCache(1000)
    let calls = 0
    const heavy = (markdown: string) => (
      calls++, { object: 'document' as const, nodes: Array.from({ length: 10 }, () => doc(markdown).nodes[0]!) }
    )
    cache.get('big', heavy)
    cache.get('big', heavy)
    expect(calls).toBe(2)
    expect(cache.size).toBe(0)
  })
})
