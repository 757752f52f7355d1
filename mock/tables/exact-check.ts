/**
 * A check compiled from a record schema (the `zod/mini` objects of mock/tables/) that answers, for
 * a plain JSON value, "the schema takes it as it is": its validation would succeed and give back
 * a value equal to it, with the same keys in the same order. A table loading records it owns (a
 * state file's, parsed for it alone) keeps such a record instead of the schema's copy: one object
 * a record instead of two, and the schema's walk with its result objects skipped. `false` means
 * only "not sure": the schema itself then checks the record, so what it refuses, and its message,
 * are unchanged. A schema using anything this does not know (checks, defaults, transforms, object
 * catch-alls, unions of objects) compiles to `undefined`: every record goes through the schema.
 */
export type ExactCheck = (value: unknown) => boolean

/** Compiles a schema's {@link ExactCheck}: {@link compileExactCheck}, passed by who loads records it owns. */
export type CompileExactCheck = (schema: unknown) => ExactCheck | undefined

/** The part of a `zod` (v4, classic or mini) schema read here: its definition. */
interface ZodLike {
  _zod: {
    def: {
      type: string
      checks?: readonly unknown[]
      coerce?: boolean
      shape?: Record<string, ZodLike>
      catchall?: unknown
      element?: ZodLike
      innerType?: ZodLike
      keyType?: ZodLike
      valueType?: ZodLike
      options?: readonly ZodLike[]
      mode?: string
    }
    values?: ReadonlySet<unknown>
  }
}

/** The exact check of `schema`, or `undefined` when it uses what the check does not know. */
export function compileExactCheck(schema: unknown): ExactCheck | undefined {
  try {
    return compile(schema)
  } catch {
    return undefined
  }
}

function compile(schema: unknown): ExactCheck | undefined {
  const def = (schema as ZodLike | undefined)?._zod?.def
  if (def === undefined || (def.checks !== undefined && def.checks.length > 0) || def.coerce) return undefined
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string'
    case 'number':
      // As the schema: JSON's 1e999 parses to Infinity, which it refuses.
      return (value) => typeof value === 'number' && Number.isFinite(value)
    case 'boolean':
      return (value) => typeof value === 'boolean'
    case 'unknown':
      return () => true
    case 'enum':
    case 'literal': {
      const values = (schema as ZodLike)._zod.values
      return values === undefined ? undefined : (value) => values.has(value)
    }
    case 'nullable': {
      const inner = compile(def.innerType)
      return inner && ((value) => value === null || inner(value))
    }
    case 'union': {
      // Of plain values only: the first option that takes an object may give a copy stripped of keys another keeps.
      const options = (def.options ?? []).map((option) => (isPlain(option) ? compile(option) : undefined))
      if (options.length === 0 || options.some((option) => option === undefined)) return undefined
      const checks = options as ExactCheck[]
      return (value) => checks.some((check) => check(value))
    }
    case 'array': {
      const element = compile(def.element)
      return (
        element &&
        ((value) => {
          if (!Array.isArray(value)) return false
          for (let i = 0; i < value.length; i++) if (!(i in value) || !element(value[i])) return false
          return true
        })
      )
    }
    case 'record': {
      const key = def.keyType?._zod.def
      const check = compile(def.valueType)
      // Only string keys: other key schemas normalize keys or list the ones a record must have.
      if (key?.type !== 'string' || (key.checks !== undefined && key.checks.length > 0) || key.coerce || def.mode !== undefined)
        return undefined
      return (
        check &&
        ((value) => {
          if (!isJsonObject(value)) return false
          for (const name of Object.keys(value)) if (unsafeKey(name) || !check(value[name])) return false
          return true
        })
      )
    }
    case 'object':
      return compileObject(def)
    default:
      return undefined
  }
}

/**
 * The schema keeps its shape's keys in the shape's order and drops the others: a record is taken
 * as it is when its keys are some of the shape's, in that order, every one it lacks optional.
 */
function compileObject(def: ZodLike['_zod']['def']): ExactCheck | undefined {
  if (def.catchall !== undefined || def.shape === undefined) return undefined
  const names = Object.keys(def.shape)
  const checks: ExactCheck[] = []
  const optional: boolean[] = []
  for (const name of names) {
    const field = def.shape[name]!
    const fieldDef = field._zod.def
    const isOptional = fieldDef.type === 'optional'
    if (isOptional && fieldDef.checks !== undefined && fieldDef.checks.length > 0) return undefined
    const check = compile(isOptional ? fieldDef.innerType : field)
    if (check === undefined || unsafeKey(name)) return undefined
    checks.push(check)
    optional.push(isOptional)
  }
  return (value) => {
    if (!isJsonObject(value)) return false
    const keys = Object.keys(value)
    let k = 0
    for (let i = 0; i < names.length; i++) {
      if (keys[k] === names[i]) {
        if (!checks[i]!(value[names[i]!])) return false
        k++
      } else if (!optional[i]) return false
    }
    return k === keys.length
  }
}

/** Whether a union's option is a schema of plain values (whose result is the value itself). */
function isPlain(schema: ZodLike): boolean {
  const type = schema._zod.def.type
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'enum' || type === 'literal'
}

/** An object as `JSON.parse` makes them: not an array, its prototype `Object.prototype`. */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/** Keys the schema treats apart (`__proto__` is skipped, `constructor` read to tell a plain object). */
function unsafeKey(name: string): boolean {
  return name === '__proto__' || name === 'constructor'
}
