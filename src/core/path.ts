import { DocplatError } from './errors.ts'

/**
 * Fills a path template, encoding each value, and names the parameters it used. Values that
 * would change the path's meaning (empty, `.` or `..`) are refused before any request is sent.
 */
export function fillPath(template: string, params: Record<string, unknown>): { path: string; names: string[] } {
  const names: string[] = []
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '') {
      throw new DocplatError(`Missing path parameter "${name}"`)
    }
    const text = String(value)
    if (text === '.' || text === '..') throw new DocplatError(`Invalid path parameter "${name}": ${text}`)
    names.push(name)
    return encodeURIComponent(text)
  })
  return { path, names }
}
