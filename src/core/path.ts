import { DocplatError } from './errors.ts'

/**
 * Fills a path template, encoding each value. Values that would change the path's meaning
 * (empty, `.` or `..`) are refused before any request is sent.
 */
export function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '') {
      throw new DocplatError(`Missing path parameter "${name}"`)
    }
    const text = String(value)
    if (text === '.' || text === '..') throw new DocplatError(`Invalid path parameter "${name}": ${text}`)
    return encodeURIComponent(text)
  })
}

/** Names of the `{placeholders}` of a path template, in order. */
export function pathNames(template: string): string[] {
  return Array.from(template.matchAll(/\{(\w+)\}/g), (m) => m[1]!)
}
