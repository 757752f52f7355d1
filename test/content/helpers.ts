import fc from 'fast-check'
import type { MockPlatform } from '../../mock/index.ts'
import { setup } from '../helpers.ts'

/** The demo platform plus lookups of its content by title and name (through the tables, not the API). */
export async function contentSetup() {
  const ctx = await setup()
  const { platform } = ctx
  const space = (id: string) => platform.db.spaces.get(id)!
  /** The change request of a space by number. */
  const changeRequest = (spaceId: string, number: number) =>
    platform.db.changeRequests.findMany((q) => q.where({ space: spaceId })).find((c) => c.number === number)!
  return { ...ctx, space, changeRequest, page: pageIn(platform), file: fileIn(platform) }
}

/** A page of a revision by title. */
export function pageIn(platform: MockPlatform) {
  return (revision: string, title: string) => {
    const page = platform.db.pages.findMany((q) => q.where({ revision })).find((p) => p.title === title)
    if (!page) throw new Error(`no page ${title} in revision ${revision}`)
    return page
  }
}

/** A file of a revision by name. */
export function fileIn(platform: MockPlatform) {
  return (revision: string, name: string) => {
    const file = platform.db.files.findMany((q) => q.where({ revision })).find((f) => f.name === name)
    if (!file) throw new Error(`no file ${name} in revision ${revision}`)
    return file
  }
}

/** A random edit of a space's pages, as the search properties apply them: a page by index, a word by index. */
export type PageEdit =
  | { kind: 'markdown'; page: number; word: number }
  | { kind: 'title'; page: number }
  | { kind: 'remove'; page: number }
  | { kind: 'add'; word: number }

/** Edits of pages `0..lastPage` with words `0..words - 1`. */
export function pageEdits(lastPage: number, words: number): fc.Arbitrary<PageEdit> {
  return fc.oneof(
    fc.record({ kind: fc.constant('markdown' as const), page: fc.nat(lastPage), word: fc.nat(words - 1) }),
    fc.record({ kind: fc.constant('title' as const), page: fc.nat(lastPage) }),
    fc.record({ kind: fc.constant('remove' as const), page: fc.nat(lastPage) }),
    fc.record({ kind: fc.constant('add' as const), word: fc.nat(words - 1) }),
  )
}
