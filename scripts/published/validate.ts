/**
 * Checks an answer of the mock against the platform's published description: the OpenAPI
 * document shipped in `@gitbook/api` (a pinned devDependency), with the contradictions that
 * docs/decisions/published-shapes.md lists applied to it first (where the seed and the published
 * description disagree, the seed wins).
 *
 * Used by the crawl (`npm run published:crawl`) and by the test harness's response hook
 * (test/setup/published-answers.ts). Schemas compile once per process and per operation, on the
 * first answer of that operation.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'

type Json = Record<string, unknown>

/** One row of the contradictions table. */
export interface Contradiction {
  /** The published schema (`components/schemas/<name>`) the row amends. */
  schema: string
  /** The field of that schema (a dotted path into nested properties). */
  field: string
  /**
   * `missing`: the description requires the field, the seed does not give it; `extra`: the seed
   * gives a field the description does not allow; `enum`: the seed answers values outside the
   * published enumeration (`values`); `keywords`: the seed bounds or types the value otherwise
   * (`keywords`, JSON Schema keywords such as `maxLength` that replace the published ones);
   * `withheld` (with an empty `field`): the seed withholds `fields` together from some callers, so
   * an answer gives all of them, as published, or none; `shape`: the seed's
   * shape of the field differs altogether.
   */
  kind: 'missing' | 'extra' | 'enum' | 'keywords' | 'withheld' | 'shape'
  /** The added values of an `enum` row. */
  values?: string[]
  /** The JSON Schema keywords of a `keywords` row, in place of the published ones. */
  keywords?: Record<string, unknown>
  /** The fields of a `withheld` row, given all together or not at all. */
  fields?: string[]
  /** What the seed says. */
  seed: string
  /** What the published description says. */
  published: string
}

const root = new URL('../../', import.meta.url)

/**
 * The rows of docs/decisions/published-shapes.md: its `contradictions` table (the seed wins), and
 * its `gaps` table (what the mock does not give yet, each to be closed by a field and removed).
 */
export function readContradictions(table: 'contradictions' | 'gaps' | 'both' = 'both'): Contradiction[] {
  const doc = readFileSync(new URL('docs/decisions/published-shapes.md', root), 'utf8')
  const read = (name: string) => {
    const block = new RegExp(`\`\`\`json ${name}\n([\\s\\S]*?)\n\`\`\``).exec(doc)
    if (!block) throw new Error(`docs/decisions/published-shapes.md has no \`\`\`json ${name} block`)
    return JSON.parse(block[1]!) as Contradiction[]
  }
  return table === 'both' ? [...read('contradictions'), ...read('gaps')] : read(table)
}

/** The published OpenAPI description, with the contradictions applied to its schemas. */
function publishedSpec(contradictions: readonly Contradiction[]): Json {
  const path = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json')
  const spec = JSON.parse(readFileSync(path, 'utf8')) as Json
  const schemas = (spec.components as { schemas: Record<string, Json> }).schemas
  for (const row of contradictions) {
    let owner = schemas[row.schema]
    if (!owner) throw new Error(`published-shapes: no schema ${row.schema}`)
    // A row without a field amends the schema itself: its enumeration, keywords, withheld fields or whole shape.
    if (row.field === '' && row.kind === 'enum') owner.enum = [...(owner.enum as string[]), ...(row.values ?? [])]
    if (row.field === '' && row.kind === 'shape') schemas[row.schema] = {}
    if (row.field === '' && row.kind === 'keywords') Object.assign(owner, keywordsOf(row))
    if (row.field === '' && row.kind === 'withheld') schemas[row.schema] = withholding(owner, row)
    if (row.field === '') continue
    if (row.kind === 'missing' && inUnion(owner, row.field, schemas)) continue
    const names = row.field.split('.')
    for (const name of names.slice(0, -1)) owner = propertiesOf(owner, row)[name] as Json
    const name = names.at(-1)!
    const properties = propertiesOf(owner, row)
    if (row.kind === 'missing' || row.kind === 'shape') {
      for (const holder of holders(owner)) holder.required = (holder.required as string[] | undefined)?.filter((f) => f !== name)
    }
    if (row.kind === 'extra' || row.kind === 'shape') properties[name] = {}
    if (row.kind === 'keywords') {
      const field = properties[name] as Json
      const ref = typeof field.$ref === 'string' ? field.$ref.replace('#/components/schemas/', '') : undefined
      // Keywords on a named schema are the seed's for this field only: the field gets its own copy.
      properties[name] = { ...(ref ? schemas[ref] : field), ...keywordsOf(row) }
    }
    if (row.kind === 'enum') {
      const field = properties[name] as Json
      const target = (Array.isArray(field.enum) ? field : findEnum(field, schemas)) as Json | undefined
      if (!target) throw new Error(`published-shapes: ${row.schema}.${row.field} has no enumeration`)
      target.enum = [...(target.enum as string[]), ...(row.values ?? [])]
    }
  }
  return spec
}

/**
 * A field that a union the schema takes in (`allOf: [{ $ref }]`) requires in its branches, as a
 * page's `markdown` or `document` through `Document`: the schema then takes the union, or an
 * object that has none of the fields the union's branches require. Whether it was such a field.
 */
function inUnion(owner: Json, field: string, schemas: Record<string, Json>): boolean {
  const members = (owner.allOf as Json[] | undefined) ?? []
  let found = false
  owner.allOf = members.map((member) => {
    const target = typeof member.$ref === 'string' ? schemas[member.$ref.replace('#/components/schemas/', '')] : undefined
    const branches = ((target?.oneOf as Json[] | undefined) ?? []).map((b) =>
      typeof b.$ref === 'string' ? (schemas[b.$ref.replace('#/components/schemas/', '')] ?? b) : b,
    )
    const required = branches.flatMap((b) => (b.required as string[] | undefined) ?? [])
    if (!required.includes(field)) return member
    found = true
    return { anyOf: [member, { not: { anyOf: required.map((name) => ({ required: [name] })) } }] }
  })
  return found
}

/** The object schemas of a schema: itself, or the members of its `allOf`. */
function holders(schema: Json): Json[] {
  return [schema, ...((schema.allOf as Json[] | undefined) ?? [])].filter((s) => s.properties || s.required)
}

function propertiesOf(schema: Json, row: Contradiction): Record<string, unknown> {
  const holder = holders(schema).find((h) => h.properties) ?? schema
  if (!holder.properties) throw new Error(`published-shapes: ${row.schema}.${row.field} is not in an object`)
  return holder.properties as Record<string, unknown>
}

/** The schema as published, or the same without any of the row's fields (none of them given). */
function withholding(schema: Json, row: Contradiction): Json {
  const fields = row.fields ?? []
  if (fields.length === 0) throw new Error(`published-shapes: ${row.schema} withholds no fields`)
  const required = ((schema.required as string[] | undefined) ?? []).filter((f) => !fields.includes(f))
  return { anyOf: [schema, { ...schema, required, not: { anyOf: fields.map((f) => ({ required: [f] })) } }] }
}

function keywordsOf(row: Contradiction): Record<string, unknown> {
  if (!row.keywords || Object.keys(row.keywords).length === 0)
    throw new Error(`published-shapes: ${row.schema}.${row.field} names no keywords`)
  return row.keywords
}

function findEnum(field: Json, schemas: Record<string, Json>): Json | undefined {
  const ref = field.$ref as string | undefined
  const target = ref ? schemas[ref.replace('#/components/schemas/', '')] : undefined
  return target && Array.isArray(target.enum) ? target : undefined
}

/** A failed check: the operation, status and the validator's findings. */
export interface Finding {
  operationId: string
  status: number
  errors: string[]
}

/**
 * A checker of answers: `check(operationId, status, body)` returns `undefined` when the answer is
 * valid (or the description gives no JSON schema for that status), else the findings.
 */
export function createChecker(contradictions: readonly Contradiction[] = readContradictions()) {
  const spec = publishedSpec(contradictions)
  // Validity first, stopping at the first error (smaller, faster code); every error only for an
  // answer that failed, by a second validator made on the first failure.
  const options = { strict: false, validateFormats: false, validateSchema: false, discriminator: false }
  const ajv = new Ajv2020({ ...options, allErrors: false })
  ajv.addSchema(spec, 'published')
  let detailed: Ajv2020 | undefined
  const routes = new Map<string, { pointer: string; responses: Record<string, Json> }>()
  for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (typeof op === 'object' && op && typeof op.operationId === 'string') {
        const pointer = `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses`
        routes.set(op.operationId, { pointer, responses: (op.responses ?? {}) as Record<string, Json> })
      }
    }
  }
  const compiled = new Map<string, ValidateFunction | null>()

  function validatorFor(operationId: string, status: number): ValidateFunction | null {
    const key = `${operationId} ${status}`
    if (compiled.has(key)) return compiled.get(key)!
    const route = routes.get(operationId)
    const code = route && (route.responses[status] ? String(status) : Object.keys(route.responses).find((c) => /^2/.test(c)))
    const content = code ? (route!.responses[code]!.content as Record<string, Json> | undefined) : undefined
    const validate = content?.['application/json']?.schema
      ? ajv.compile({ $ref: `published${route!.pointer}/${code}/content/application~1json/schema` })
      : null
    compiled.set(key, validate)
    return validate
  }

  return {
    /** Whether the description names the operation. */
    knows: (operationId: string) => routes.has(operationId),
    check(operationId: string, status: number, body: unknown): Finding | undefined {
      const validate = validatorFor(operationId, status)
      if (!validate || validate(body)) return undefined
      if (!detailed) {
        detailed = new Ajv2020({ ...options, allErrors: true })
        detailed.addSchema(spec, 'published')
      }
      const explain = detailed.compile(validate.schema as Json)
      explain(body)
      return { operationId, status, errors: summarize(explain.errors ?? []) }
    },
  }
}

/** Validator errors as short lines, the deepest ones first-hand (branch noise of oneOf/anyOf dropped). */
function summarize(errors: readonly ErrorObject[]): string[] {
  const lines = errors
    .filter((e) => !['oneOf', 'anyOf', 'if', 'allOf'].includes(e.keyword))
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.keyword === 'enum' ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})` : ''}${e.keyword === 'additionalProperties' ? `: ${(e.params as { additionalProperty: string }).additionalProperty}` : ''}`,
    )
  return [...new Set(lines)]
}
