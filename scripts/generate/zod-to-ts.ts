/**
 * Prints the TypeScript type of a zod schema, for the generator: the SDK's declarations then
 * name their types (`GetSpaceByIdParams`, `Space`) instead of re-deriving zod inference at every
 * use. Schemas exported from `src/schemas/` print as their interface's name; the generated
 * `src/generated/checks.ts` proves at compile time that every printed type equals the inferred one.
 */
import type * as z from 'zod/mini'

/** `input` for what a caller sends (optional keys by `optin`), `output` for what the API answers. */
export type Mode = 'input' | 'output'

interface Def {
  type: string
  [key: string]: unknown
}

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def
const literal = (value: unknown) => (typeof value === 'string' ? `'${value.replace(/['\\]/g, '\\$&')}'` : String(value))
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

export class TypePrinter {
  /** Names of schemas exported with a same-named type, by schema object. */
  readonly #names: Map<unknown, string>
  /** The names printed so far: the generated file imports them. */
  readonly used = new Set<string>()

  constructor(names: Map<unknown, string>) {
    this.#names = names
  }

  /** The type of `schema`; `named: false` prints the structure even when the schema has a name. */
  print(schema: z.core.$ZodType, mode: Mode, indent = '', named = true): string {
    const name = named ? this.#names.get(schema) : undefined
    if (name) {
      this.used.add(name)
      return name
    }
    const def = defOf(schema)
    switch (def.type) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'unknown':
      case 'any':
      case 'null':
      case 'undefined':
        return def.type
      case 'literal':
        return (def.values as unknown[]).map(literal).join(' | ')
      case 'enum':
        return Object.values(def.entries as Record<string, unknown>)
          .map(literal)
          .join(' | ')
      case 'optional':
        return `${this.print(def.innerType as z.core.$ZodType, mode, indent)} | undefined`
      case 'nullable':
        return `${this.print(def.innerType as z.core.$ZodType, mode, indent)} | null`
      case 'array':
        return `Array<${this.print(def.element as z.core.$ZodType, mode, indent)}>`
      case 'union':
        return (def.options as z.core.$ZodType[]).map((o) => this.print(o, mode, indent)).join(' | ')
      case 'record':
        return `Record<${this.print(def.keyType as z.core.$ZodType, mode, indent)}, ${this.print(def.valueType as z.core.$ZodType, mode, indent)}>`
      case 'object':
        return this.object(def.shape as Record<string, z.core.$ZodType>, mode, indent, def.catchall as z.core.$ZodType | undefined)
      default:
        throw new Error(`generate-sdk: cannot print a zod "${def.type}" schema as a TypeScript type; teach scripts/generate/zod-to-ts.ts`)
    }
  }

  /** An object type from a shape: one member per line, optional keys as zod infers them. */
  object(shape: Record<string, z.core.$ZodType>, mode: Mode, indent = '', catchall?: z.core.$ZodType): string {
    const inner = `${indent}  `
    const lines = Object.entries(shape).map(([key, value]) => {
      const optional = (mode === 'input' ? value._zod.optin : value._zod.optout) === 'optional'
      // The `?` already says `| undefined`: print the inner type of an optional key.
      const printed =
        optional && defOf(value).type === 'optional' && !this.#names.has(value)
          ? this.print(defOf(value).innerType as z.core.$ZodType, mode, inner)
          : this.print(value, mode, inner)
      // `| undefined` as zod infers it: under `exactOptionalPropertyTypes` a caller may then pass
      // a possibly-undefined value as "not given" (`{ limit: process.env.LIMIT }`), in parameters
      // and in the shapes some operations take (a `RenderContext`).
      const type = optional && !/\| undefined$/.test(printed) ? `${printed} | undefined` : printed
      return `${inner}${IDENTIFIER.test(key) ? key : literal(key)}${optional ? '?' : ''}: ${type}`
    })
    // A loose object keeps unknown keys: its type has the index signature zod infers.
    if (catchall && defOf(catchall).type === 'unknown') lines.push(`${inner}[key: string]: unknown`)
    return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}'
  }
}
