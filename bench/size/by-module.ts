/**
 * What each module weighs in a bundle, read from its source map: the minified text each module
 * contributed, and that text gzipped on its own. Used by `npm run size -- --why`.
 *
 * The gzipped figure of a module alone overstates its share of a chunk (gzip finds repeats across
 * modules: the mock's entry chunk weighs about two thirds of the sum of its modules alone), but it
 * ranks modules by what they cost far better than minified bytes, where a table of names and a
 * function of the same length weigh alike.
 */
import { gzipSync } from 'node:zlib'

export interface ModuleWeight {
  /** The module's path: from the package's root, or a dependency's from its name. */
  module: string
  /** The output chunk's file name. */
  chunk: string
  minified: number
  gzipped: number
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The segments of a version 3 source map's `mappings`: per generated line, [column, source index]. */
function segments(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = []
  let source = 0
  for (const line of mappings.split(';')) {
    const row: Array<[number, number]> = []
    let column = 0
    for (const segment of line.split(',')) {
      if (segment === '') continue
      const fields: number[] = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0]!
      if (fields.length > 1) {
        source += fields[1]!
        row.push([column, source])
      }
    }
    lines.push(row)
  }
  return lines
}

/** Each module's weight in one chunk, from the chunk's code and its source map's text. */
export function moduleWeights(chunk: string, code: string, map: string): ModuleWeight[] {
  const { sources, mappings } = JSON.parse(map) as { sources: string[]; mappings: string }
  const texts = new Map<number, string[]>()
  const lines = code.split('\n')
  segments(mappings).forEach((row, index) => {
    const line = lines[index] ?? ''
    row.forEach(([column, source], i) => {
      const end = row[i + 1]?.[0] ?? line.length
      let parts = texts.get(source)
      if (!parts) texts.set(source, (parts = []))
      parts.push(line.slice(column, end))
    })
  })
  return [...texts].map(([source, parts]) => {
    const text = parts.join('')
    return {
      module: sources[source]!.replace(/^.*node_modules\//, '').replace(/^(?:\.\.\/)*/, ''),
      chunk,
      minified: Buffer.byteLength(text),
      gzipped: gzipSync(text, { level: 9 }).length,
    }
  })
}
