import * as z from 'zod/mini'
import type { ImportSource } from '../../../src/schemas/revision.ts'
import { badRequest } from '../../base/http-error.ts'
import { PREPARE_ABOVE } from '../../base/turns.ts'
import type { MarkdownLibrary } from '../../tables/libraries.ts'
import { slugify } from './pages.ts'
import type { SourceHeading, SourceHeadings } from '../../derived/content/source-headings.ts'

/**
 * What an import reads at a URL. The mock never goes to the internet: tests register content
 * with `platform.imports.register(url, content)`, in one of two forms:
 *
 * - a markdown string: one page, titled by its first `# heading` (removed from the body) or,
 *   without one, by the URL's last path segment;
 * - an object `{ pages, files?, variables?, reusableContents? }`, where each page is
 *   `{ title, markdown?, slug?, emoji?, description?, hidden?, pages?, unreachable? }` (nested
 *   pages under `pages`) and each file `{ name, contentType?, size?, dimensions?, unreachable? }`.
 *   `unreachable: true` stands for a resource the source lists but could not be read: it counts
 *   in `totalResources` and is not imported.
 *
 * A URL nobody registered gets a deterministic fallback derived from the URL.
 */

const FixturePage: z.ZodMiniType<FixturePage> = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  slug: z.optional(z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(100))),
  markdown: z.optional(z.string()),
  emoji: z.optional(z.string().check(z.maxLength(50))),
  description: z.optional(z.string().check(z.maxLength(500))),
  hidden: z.optional(z.boolean()),
  unreachable: z.optional(z.boolean()),
  get pages() {
    return z.optional(z.array(FixturePage))
  },
})

/** A page of imported content. */
export interface FixturePage {
  title: string
  slug?: string | undefined
  markdown?: string | undefined
  emoji?: string | undefined
  description?: string | undefined
  hidden?: boolean | undefined
  unreachable?: boolean | undefined
  pages?: FixturePage[] | undefined
}

const FixtureFile = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(255), z.regex(/^[^\\/]+$/)),
  contentType: z.optional(z.string().check(z.minLength(3), z.maxLength(255))),
  size: z.optional(z.int().check(z.gte(0))),
  dimensions: z.optional(z.object({ width: z.int().check(z.gte(1)), height: z.int().check(z.gte(1)) })),
  unreachable: z.optional(z.boolean()),
})

/** Content to import (the object form of a fixture). */
export const ImportContent = z.object({
  pages: z.optional(z.array(FixturePage)),
  files: z.optional(z.array(FixtureFile)),
  variables: z.optional(z.record(z.string().check(z.regex(/^[A-Za-z0-9_-]+$/)), z.string())),
  reusableContents: z.optional(z.array(z.object({ title: z.string().check(z.minLength(1), z.maxLength(200)), markdown: z.string() }))),
})
export type ImportContent = z.infer<typeof ImportContent>

/** Title-cases a URL path segment: `getting_started.md` → `Getting started`. */
function titleOf(segment: string): string {
  const words = decodeURIComponent(segment)
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.+]+/g, ' ')
    .trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : segment
}

function lastSegment(url: URL): string {
  const segments = url.pathname.split('/').filter(Boolean)
  return segments.length ? titleOf(segments.at(-1)!) : url.hostname
}

/** The first `# heading` of a markdown source, if it starts with one (parsing the whole source). */
function firstHeading(md: MarkdownLibrary, markdown: string): SourceHeading | undefined {
  const first = md.parseMarkdown(markdown).children[0]
  if (first?.type !== 'heading' || first.depth !== 1 || !first.position) return undefined
  return { title: md.plainText(first).slice(0, 200), end: first.position.end.offset ?? 0 }
}

/** A markdown string as one page: its first `# heading` becomes the title. */
function fromMarkdownText(markdown: string, url: URL, heading: SourceHeading | undefined): ImportContent {
  if (heading) return { pages: [{ title: heading.title || lastSegment(url), markdown: markdown.slice(heading.end).replace(/^\s+/, '') }] }
  return { pages: [{ title: lastSegment(url).slice(0, 200), markdown }] }
}

/** What a URL nobody registered yields: derived from the URL alone, so the same URL always imports the same content. */
function fallback(url: URL, source: ImportSource): ImportContent {
  const segments = url.pathname.split('/').filter(Boolean)
  if ((source === 'github' || source === 'gitlab') && segments.length >= 2) {
    const [owner, repo] = [decodeURIComponent(segments[0]!), decodeURIComponent(segments[1]!).replace(/\.git$/, '')]
    const slug = slugify(repo)
    return {
      pages: [
        {
          title: titleOf(repo),
          markdown: `Documentation of [${owner}/${repo}](${url.href}).\n\n## Contents\n\n- [Installation](${slug}/installation)\n- [Usage](${slug}/usage)\n`,
          pages: [
            { title: 'Installation', markdown: `## Requirements\n\nSee the repository ${owner}/${repo} for the supported versions.\n` },
            { title: 'Usage', markdown: `## First steps\n\nThe repository ${owner}/${repo} documents its usage here.\n` },
          ],
        },
      ],
    }
  }
  const title = lastSegment(url)
  return { pages: [{ title: title.slice(0, 200), markdown: `This page was imported from <${url.href}> (${source}).\n` }] }
}

/** What is registered at a URL (exact, then normalised), if anything. */
function registeredAt(fixtures: ReadonlyMap<string, unknown>, rawUrl: string): unknown {
  return fixtures.has(rawUrl) ? fixtures.get(rawUrl) : fixtures.get(new URL(rawUrl).href)
}

/**
 * The parsing reading a URL's registered markdown would do under the state lock (finding its
 * first heading parses all of it), as work to run outside it (`Prepare`); `undefined` for small
 * or other content, or when it is done.
 */
export function importPreparation(
  md: MarkdownLibrary,
  headings: SourceHeadings,
  fixtures: ReadonlyMap<string, unknown>,
  rawUrl: string,
): (() => Promise<void>) | undefined {
  const registered = URL.canParse(rawUrl) ? registeredAt(fixtures, rawUrl) : undefined
  if (typeof registered !== 'string' || registered.length < PREPARE_ABOVE || headings.find(rawUrl, registered) !== undefined)
    return undefined
  return async () => headings.keep(rawUrl, registered, firstHeading(md, registered))
}

/** The registered content of a URL (exact, then normalised), parsed; else the fallback. */
export function readSource(
  md: MarkdownLibrary,
  headings: SourceHeadings,
  fixtures: ReadonlyMap<string, unknown>,
  rawUrl: string,
  source: ImportSource,
): ImportContent {
  const url = new URL(rawUrl)
  const registered = registeredAt(fixtures, rawUrl)
  if (registered === undefined) return fallback(url, source)
  if (typeof registered === 'string') {
    const found = headings.find(rawUrl, registered)
    return fromMarkdownText(registered, url, found === undefined ? firstHeading(md, registered) : (found ?? undefined))
  }
  const parsed = ImportContent.safeParse(registered)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw badRequest(`Invalid content registered for ${rawUrl}: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
  }
  return parsed.data
}
