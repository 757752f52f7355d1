import { setup } from '../helpers.ts'

/** The demo platform, plus lookups of content by title through the tables (not the API). */
export async function askSetup() {
  const ctx = await setup()
  const { platform } = ctx
  const space = (id: string) => platform.db.spaces.get(id)!
  /** A page of a space's live revision by title. */
  const page = (spaceId: string, title: string) => {
    const found = platform.db.pages.findMany((q) => q.where({ revision: space(spaceId).revision })).find((p) => p.title === title)
    if (!found) throw new Error(`no page ${title} in space ${spaceId}`)
    return found
  }
  return { ...ctx, space, page }
}

/** The app URL of a page (what an answer's links point at). */
export function pageUrl(organization: string, spaceId: string, path: string): string {
  return `https://app.docplat.dev/o/${organization}/s/${spaceId}/${path}`
}
