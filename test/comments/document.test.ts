import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'

const text = (value: string, ...marks: string[]) => ({ object: 'text', text: value, marks })
const block = (type: string, fields: Record<string, unknown> = {}) => ({ object: 'block', type, ...fields })
const url = (href: string) => ({ kind: 'url', url: href })

describe('format=document', () => {
  it('renders the markdown of a comment as a document of blocks, inlines and marked texts', async () => {
    const { comment, read, demo } = await setup()
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
            block('table-row', { nodes: [block('table-cell', { nodes: [text('1')] }), block('table-cell', { nodes: [text('2', 'bold')] })] }),
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
    const { comment, edit, read, platform, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const { id: commentId } = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Q' } })
    const reply = await edit.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'See [docs][1]\n\n[1]: https://example.com/docs' } })
    const doc = await comment.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: reply.id, format: 'document' })
    expect(doc.body.document?.nodes).toEqual([
      block('paragraph', { nodes: [text('See '), { object: 'inline', type: 'link', ref: url('https://example.com/docs'), nodes: [text('docs')] }] }),
    ])
    const changeRequestId = platform.db.changeRequests.findMany((q) => q.where({ space: demo.spaces.guide }))[0]!.id
    const onCr = await comment.changeRequests.comments.create({ spaceId: demo.spaces.guide, changeRequestId, body: { markdown: '# Title' } })
    const crReply = await edit.changeRequests.comments.replies.create({ spaceId: demo.spaces.guide, changeRequestId, commentId: onCr.id, body: { markdown: '*ok*' } })
    expect((await comment.changeRequests.comments.get({ spaceId: demo.spaces.guide, changeRequestId, commentId: onCr.id, format: 'document' })).body.document?.nodes).toEqual([
      block('heading-1', { nodes: [text('Title')] }),
    ])
    expect((await comment.changeRequests.comments.replies.get({
      spaceId: demo.spaces.guide, changeRequestId, commentId: onCr.id, commentReplyId: crReply.id, format: 'document',
    })).body.document?.nodes).toEqual([block('paragraph', { nodes: [text('ok', 'italic')] })])
  })
})
