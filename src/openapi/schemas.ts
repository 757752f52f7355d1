import * as z from 'zod/mini'
import * as resources from '../schemas/index.ts'
import type { JSONSchema, Reference } from './types.ts'

/** Which side of a schema to describe: what a client sends (`input`) or what it receives (`output`). */
export type IO = 'input' | 'output'

const COMPONENTS = '#/components/schemas/'
const DEFS = '#/$defs/'

// Objects and enums are what generated clients want as named types; bounded strings (titles,
// emoji) read better inline than as a `$ref` to a one-line component.
const NAMED_TYPES = new Set(['object', 'enum', 'union', 'intersection'])

interface Pending {
  io: IO
  name: string
}

/**
 * Converts contract schemas to JSON Schema and gathers the shared ones into `components.schemas`.
 *
 * Every resource schema exported by `src/schemas/` becomes a component under its export name
 * (`Space`, `Member`), the name SDK users already see, so generated clients share one type per
 * resource and recursive schemas (`Page.pages`) resolve inside the document. A component whose
 * request and response forms differ (a strict object forbids extra keys only in responses) is
 * emitted twice, the request form as `<Name>Input`. Unnamed recursive schemas are hoisted
 * under the name of the operation part that uses them (`getPageById.response.schema0`).
 */
export class SchemaSet {
  readonly #registry = z.registry<{ id: string }>()
  readonly #ids = new Set<string>()
  readonly #named = { input: new Map<string, JSONSchema>(), output: new Map<string, JSONSchema>() }
  readonly #anonymous = new Map<string, JSONSchema>()
  // `$ref`s to named components, finished once every conversion has shown whether input and output differ.
  readonly #pending = new Map<Reference, Pending>()

  constructor(named: Record<string, unknown> = resources) {
    for (const [name, value] of Object.entries(named)) {
      if (isSchema(value) && NAMED_TYPES.has(value._zod.def.type) && !this.#registry.has(value)) {
        this.#registry.add(value, { id: name })
        this.#ids.add(name)
      }
    }
  }

  /**
   * The JSON Schema of `schema`, without `$schema` and with references into `components.schemas`.
   * `owner` names the operation part (`getPageById.response`) for schemas that need hoisting.
   */
  convert(schema: z.core.$ZodType, io: IO, owner: string): JSONSchema {
    const {
      $schema: _,
      $defs = {},
      ...root
    } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      metadata: this.#registry,
      override: carryGlobalMetadata,
    }) as JSONSchema & { $defs?: Record<string, JSONSchema> }
    let selfReferencing = false
    const rewrite = (node: unknown): void => {
      walk(node, (ref) => {
        if (ref.$ref === '#') {
          selfReferencing = true
          ref.$ref = COMPONENTS + owner
        } else if (ref.$ref.startsWith(DEFS)) {
          const id = ref.$ref.slice(DEFS.length)
          if (this.#ids.has(id)) this.#pending.set(ref, { io, name: id })
          else ref.$ref = COMPONENTS + anonymousName(owner, id)
        }
      })
    }
    rewrite(root)
    for (const [id, def] of Object.entries($defs)) {
      rewrite(def)
      // The first conversion of a component wins: later ones describe the same zod schema.
      if (this.#ids.has(id)) {
        if (!this.#named[io].has(id)) this.#named[io].set(id, def)
      } else this.#anonymous.set(anonymousName(owner, id), def)
    }
    if (!selfReferencing) return root
    this.#anonymous.set(owner, root)
    return { $ref: COMPONENTS + owner }
  }

  /** Follows a reference made by {@link convert} to the schema it names (itself when it is not one). */
  resolve(schema: JSONSchema): JSONSchema {
    const pending = this.#pending.get(schema as unknown as Reference)
    if (pending) return this.#named[pending.io].get(pending.name) ?? schema
    const ref = schema.$ref
    const hoisted = typeof ref === 'string' && ref.startsWith(COMPONENTS) ? this.#anonymous.get(ref.slice(COMPONENTS.length)) : undefined
    return hoisted ?? schema
  }

  /**
   * Settles the component names, points every reference at them, and returns the components
   * that `roots` (the paths and shared responses) reach, sorted by name. `fixed` are components
   * written by hand (the error body); a resource of the same name is refused.
   */
  finish(roots: unknown, fixed: Record<string, JSONSchema> = {}): Record<string, JSONSchema> {
    const all = new Map([...Object.entries(fixed), ...this.#anonymous])
    const finalName = new Map<string, string>()
    const add = (io: IO, name: string, final: string, schema: JSONSchema) => {
      if (all.has(final)) throw new Error(`OpenAPI: two different schemas want the component name ${final}`)
      all.set(final, schema)
      finalName.set(`${io}:${name}`, final)
    }
    for (const [name, schema] of this.#named.output) add('output', name, name, schema)
    const split = this.#splitForms()
    for (const [name, schema] of this.#named.input) {
      if (!split.has(name) && this.#named.output.has(name)) finalName.set(`input:${name}`, name)
      else add('input', name, split.has(name) ? `${name}Input` : name, schema)
    }
    for (const [ref, { io, name }] of this.#pending) ref.$ref = COMPONENTS + finalName.get(`${io}:${name}`)!
    return reachable(roots, all)
  }

  /** Components whose request form differs from the response form, itself or through a component it uses. */
  #splitForms(): Set<string> {
    const { input, output } = this.#named
    const split = new Set(
      [...input]
        .filter(([name, schema]) => output.has(name) && JSON.stringify(output.get(name)) !== JSON.stringify(schema))
        .map(([name]) => name),
    )
    for (let grew = true; grew; ) {
      grew = false
      for (const [name, schema] of input) {
        if (split.has(name) || !output.has(name)) continue
        walk(schema, (ref) => {
          const target = this.#pending.get(ref)?.name
          if (target !== undefined && split.has(target) && !split.has(name)) {
            split.add(name)
            grew = true
          }
        })
      }
    }
    return split
  }
}

/** Copies `.describe()` / `.meta()` of the global registry, which the private registry would hide. */
function carryGlobalMetadata({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JSONSchema }): void {
  const meta = z.globalRegistry.get(zodSchema)
  if (!meta) return
  for (const [key, value] of Object.entries(meta)) if (key !== 'id' && !(key in jsonSchema)) jsonSchema[key] = value
}

function anonymousName(owner: string, id: string): string {
  return `${owner}.${id.replace(/^_+/, '')}`
}

function isSchema(value: unknown): value is z.core.$ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value
}

/** Calls `visit` on every `{ $ref }` object under `node`. */
function walk(node: unknown, visit: (ref: Reference) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit)
  else if (typeof node === 'object' && node !== null) {
    if (typeof (node as Reference).$ref === 'string') visit(node as Reference)
    for (const value of Object.values(node)) walk(value, visit)
  }
}

function reachable(roots: unknown, all: Map<string, JSONSchema>): Record<string, JSONSchema> {
  const seen = new Set<string>()
  const queue: unknown[] = [roots]
  while (queue.length) {
    walk(queue.pop(), ({ $ref }) => {
      const name = $ref.startsWith(COMPONENTS) ? $ref.slice(COMPONENTS.length) : undefined
      if (name === undefined || seen.has(name)) return
      const schema = all.get(name)
      if (!schema) throw new Error(`OpenAPI: ${$ref} points at no schema`)
      seen.add(name)
      queue.push(schema)
    })
  }
  return Object.fromEntries([...seen].sort().map((name) => [name, all.get(name)!]))
}
