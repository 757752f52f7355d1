/** Longest path of a section or site space. */
export const MAX_PATH = 100

/** A URL-friendly slug of a title: lowercase letters, digits and single hyphens. */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_PATH)
    .replace(/-+$/, '')
  return slug || fallback
}

/**
 * A derived path that no sibling uses yet: the slug itself, else the slug with `-2`, `-3`...
 * (shortened so the suffix still fits the bound). Only paths a caller names can conflict.
 */
export function uniquePath(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${slug.slice(0, MAX_PATH - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
