import type * as z from 'zod/mini'
import type { ConfigurationInput } from '../../../src/schemas/integration-input.ts'
import type { InstallationStatus } from '../../../src/schemas/installation.ts'
import { badRequest } from '../../base/http-error.ts'
import type { Stored } from '../../tables/table.ts'

/** The configuration form of one level (account, space or site) of an integration. */
export type ConfigurationSchema = Stored<z.output<typeof ConfigurationInput>>
type Property = ConfigurationSchema['properties'][string]

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

/** Why a value does not fit a property, or undefined when it does. */
function misfit(property: Property, value: unknown): string | undefined {
  if (property.type === 'button') return 'a button property holds no value'
  if (typeOf(value) !== property.type) return `expected ${property.type}, got ${typeOf(value)}`
  if (property.enum && !property.enum.includes(value as string))
    return `must be one of: ${property.enum.map((v) => JSON.stringify(v)).join(', ')}`
  return undefined
}

/**
 * Checks a published configuration form: required names are properties, defaults fit their
 * property. `field` names the form in the 400 (`body.configurations.account`).
 */
export function checkSchema(schema: ConfigurationSchema, field: string): void {
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.enum && property.type !== 'string')
      throw badRequest(`Invalid ${field}.properties.${name}.enum: only string properties take an enum`)
    if (property.default === undefined) continue
    const why = misfit(property, property.default)
    if (why) throw badRequest(`Invalid ${field}.properties.${name}.default: ${why}`)
  }
  schema.required?.forEach((name, i) => {
    if (!Object.hasOwn(schema.properties, name)) throw badRequest(`Invalid ${field}.required.${i}: "${name}" is not one of its properties`)
  })
}

/** The configuration a new installation (or space, or site) starts with: the defaults of its form. */
export function defaultsOf(schema: ConfigurationSchema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(schema?.properties ?? {})) if (property.default !== undefined) out[name] = property.default
  return out
}

/**
 * Checks a configuration against the form: every value must be a property of the right type.
 * Without a form, an integration takes no configuration.
 */
export function checkConfiguration(schema: ConfigurationSchema | undefined, configuration: Record<string, unknown>, field: string): void {
  for (const [name, value] of Object.entries(configuration)) {
    const property = schema?.properties[name]
    if (!property || !Object.hasOwn(schema!.properties, name))
      throw badRequest(`Invalid ${field}.${name}: not a property of the integration's configuration`)
    const why = misfit(property, value)
    if (why) throw badRequest(`Invalid ${field}.${name}: ${why}`)
  }
}

/** Required properties the configuration lacks. */
export function missingRequired(schema: ConfigurationSchema | undefined, configuration: Record<string, unknown>): string[] {
  return (schema?.required ?? []).filter((name) => configuration[name] === undefined)
}

/**
 * The status an installation has with this configuration: `paused` stays paused (only an
 * explicit change resumes it); otherwise `pending` while a required property is missing.
 */
export function statusFor(
  current: InstallationStatus,
  schema: ConfigurationSchema | undefined,
  configuration: Record<string, unknown>,
): InstallationStatus {
  if (current === 'paused') return 'paused'
  return missingRequired(schema, configuration).length > 0 ? 'pending' : 'active'
}

/** Whether two JSON values are equal (objects compared key by key, whatever the key order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  )
}
