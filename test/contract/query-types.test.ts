import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { queryTypeOf } from '../../mock/base/input.ts'

/** What the mock read from `z.toJSONSchema` before it read the schema's definition itself. */
function jsonSchemaType(schema: z.core.$ZodType): string {
  const json = z.toJSONSchema(z.object({ value: schema }), { io: 'input', unrepresentable: 'any' }) as unknown as {
    properties: { value: { type?: string; anyOf?: Array<{ type?: string }> } }
  }
  const prop = json.properties.value
  const type = prop.type ?? prop.anyOf?.find((p) => p.type && p.type !== 'null')?.type
  return type === 'boolean' ? 'boolean' : type === 'number' || type === 'integer' ? 'number' : type === 'array' ? 'array' : 'string'
}

describe('query parameter types', () => {
  it('agree with the JSON Schema of every query parameter of the contract', () => {
    let checked = 0
    for (const op of Object.values(operations) as OperationDef[]) {
      if (!op.query) continue
      for (const [name, schema] of Object.entries(op.query._zod.def.shape)) {
        expect([op.id, name, queryTypeOf(schema as z.core.$ZodType)]).toEqual([op.id, name, jsonSchemaType(schema as z.core.$ZodType)])
        checked++
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('read through wrappers, pipes and unions as JSON Schema does', () => {
    const shapes: z.core.$ZodType[] = [
      z.optional(z.boolean()),
      z._default(z.number(), 3),
      z.pipe(
        z.string(),
        z.transform((s) => s.length),
      ),
      z.union([z.array(z.string()), z.number()]),
      z.array(z.string()),
      z.literal(true),
      z.literal(4),
      z.enum(['a', 'b']),
      z.string(),
    ]
    for (const schema of shapes) expect(queryTypeOf(schema)).toBe(jsonSchemaType(schema))
  })

  it('read a nullable parameter as its type (JSON Schema gives a list of types there)', () => {
    expect(queryTypeOf(z.optional(z.nullable(z.boolean())))).toBe('boolean')
    expect(queryTypeOf(z.union([z.null(), z.number()]))).toBe('number')
  })
})
