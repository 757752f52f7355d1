import { describe, expect, it } from 'vitest'
import { Copy } from '../../mock/node/capture/copy.ts'

/**
 * The capture's copy is typed by table: `tsc` (the first step of `npm test`) refuses a record
 * whose fields are not the table's. Each `@ts-expect-error` below is a drift the compiler must
 * catch; were the typing loosened, the directive itself would fail to compile.
 */
const user = { id: 'u1', displayName: 'Ada', email: 'ada@example.com' }

function drifts(copy: Copy): void {
  // @ts-expect-error a field the table does not have (a renamed one) is refused
  copy.add('users', { ...user, mail: 'ada@example.com' })
  // @ts-expect-error a field the table requires must be there
  copy.add('users', { id: 'u2', displayName: 'Bo' })
  // @ts-expect-error a field has the table's type
  copy.add('users', { ...user, displayName: 42 })
  // @ts-expect-error only the platform's tables exist
  copy.add('user', user)
}

/** The same for the tables of comments, content, sites, services and integrations, nested fields included. */
const post = { id: 'c1', space: 's1', postedBy: 'u1', postedAt: '2026-01-01T00:00:00.000Z', markdown: 'Hi', reactions: [] }
const comment = { ...post, revision: 'r1', status: 'open' } as const

function nestedDrifts(copy: Copy): void {
  // @ts-expect-error a value outside the table's set (comments are open or resolved)
  copy.add('comments', { ...comment, status: 'closed' })
  // @ts-expect-error a renamed field inside a nested object (a reaction's users)
  copy.add('comments', { ...comment, reactions: [{ emoji: '👍', users: [{ usr: 'u1', reactedAt: post.postedAt }] }] })
  copy.add('files', {
    id: 'r1:f1',
    revision: 'r1',
    file: 'f1',
    name: 'a.png',
    contentType: 'image/png',
    size: 1,
    createdAt: '',
    // @ts-expect-error a nested object missing a field its table requires (a file's dimensions)
    dimensions: { width: 1 },
  })
  // @ts-expect-error a redirect's destination is a site section
  copy.add('siteRedirects', { id: 'd1', site: 'x', source: '/a', destination: { kind: 'url', siteSectionId: 'y' } })
  copy.add('samlProviders', {
    id: 'p1',
    organization: 'o1',
    label: 'Okta',
    entityID: 'e',
    certificate: '',
    ssoURL: 'https://sso.example.com',
    // @ts-expect-error a role outside the platform's roles
    defaultRole: 'owner',
    createdAt: '',
  })
}

describe('the capture copy', () => {
  it("numbers records as they come, merges a record seen twice, and reads back the table's type", () => {
    const copy = new Copy()
    copy.add('users', user)
    copy.add('users', { ...user, email: '', photoURL: 'https://example.com/ada.png' })
    const stored = copy.get('users', 'u1')
    // Typed as the table's record: `displayName` is a string without a cast.
    const name: string | undefined = stored?.displayName
    expect(name).toBe('Ada')
    expect(stored).toEqual({ id: 'u1', displayName: 'Ada', email: '', photoURL: 'https://example.com/ada.png', seq: 1 })
    expect(copy.counts()).toEqual({ users: 1 })
  })

  it('checks nothing at run time: the compiler is what refuses the drifts above', () => {
    const copy = new Copy()
    drifts(copy)
    nestedDrifts(copy)
    expect(copy.counts()).toEqual({ users: 2, user: 1, comments: 1, files: 1, siteRedirects: 1, samlProviders: 1 })
  })
})
