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
