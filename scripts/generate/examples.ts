/**
 * The `@example` of each operation: a call with every required parameter (path, query and body),
 * filled with values the API accepts. Each value is checked against the contract's schemas here,
 * and test/contract/examples.test.ts compiles every example, so an example can neither be refused
 * by the API nor fail to type-check.
 */
import LZString from 'lz-string'
import type { OperationDef } from '../../src/contract/define.ts'
import { shapeOf, type Schema } from './schemas.ts'

/** IDs look like the platform's: 20 letters and digits (derived from the name, so examples are stable). */
function id(name: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  let out = ''
  for (let i = 0; out.length < 20; i++) {
    let hash = 2166136261
    for (const c of `${name}:${i}`) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0
    out += alphabet[hash % alphabet.length]
  }
  return out
}

/** Fields that hold the ID of another resource without ending in `Id`. */
const REFERENCES: Record<string, string> = {
  organization: 'organization',
  collection: 'collection',
  parent: 'parentCollection',
  page: 'page',
  node: 'block',
  space: 'space',
  // Positions name a sibling, not the moved item itself.
  siteSpace: 'siblingSiteSpace',
  siteSection: 'siblingSection',
  siteSectionGroup: 'siblingSectionGroup',
  sectionId: 'siteSection',
  sections: 'siteSection',
  members: 'user',
  users: 'user',
  defaultSiteSpace: 'siteSpace',
  defaultTeam: 'team',
  // Only `position.before.id` of moveSiteSectionGroup, whose first choice is a sibling section.
  id: 'siblingSection',
}

/** Realistic values of the other string fields, by field name. */
const STRINGS: Record<string, string> = {
  emailDomain: 'acme.com',
  integrationName: 'slack',
  specSlug: 'petstore',
  slug: 'petstore',
  query: 'How do I rotate an API key?',
  request: LZString.compressToEncodedURIComponent(JSON.stringify({ componentId: 'status-badge', props: { service: 'api' } })),
  source: '/docs/old-getting-started',
  markdown: 'Should this step mention the staging environment?',
  certificate: 'MIIDpDCCAoygAwIBAgIGAYl2yTCFMA0GCSqGSIb3DQEBCwUAMIGSMQswCQYDVQQGEwJVUzETMBEGA1UECAwKQ2FsaWZvcm5pYTEWMBQGA1UEBwwN',
  entityID: 'http://www.okta.com/exk8a2b3c4d5e6f7g8h9',
  label: 'Okta',
  ssoURL: 'https://acme.okta.com/app/acme_docplat/exk8a2b3c4d5e6f7g8h9/sso/saml',
  componentId: 'status-badge',
  name: 'Launch partners',
  url: 'https://docs.acme.com/getting-started',
  'source.url': 'https://petstore3.swagger.io/api/v3/openapi.json',
  tunnelUrl: 'http://localhost:4000',
  subject: 'Review the new onboarding guide',
  description: 'Guides for new users',
  emoji: '1f680',
  path: 'getting-started',
  hostname: 'acme',
  externalIds: 'acme-workspace-42',
}

/** Titles by the client namespace of the operation (the longest prefix of its SDK path wins). */
const TITLES: Record<string, string> = {
  '': 'Getting started',
  collections: 'Product',
  'integrations.publish': 'Status badge',
  'orgs.teams': 'Writers',
  'orgs.translations': 'French',
  orgs: 'Acme',
  'sites.sectionGroups': 'Guides',
  'sites.sections': 'API reference',
}

/** Values for the first choice of enums where the first would read oddly. */
const CHOICES: Record<string, string> = { role: 'edit' }

interface Def {
  type: string
  [key: string]: unknown
}
const defOf = (schema: Schema) => schema._zod.def as unknown as Def

/** A value of `schema` for the field `key`; for an object, its required fields (or its first field when none is). */
function valueOf(op: OperationDef, path: string, schema: Schema): unknown {
  const key = path.split('.').at(-1)!
  const def = defOf(schema)
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return valueOf(op, path, def.innerType as Schema)
    case 'string':
      if (path in STRINGS) return STRINGS[path]
      if (key === 'title')
        return TITLES[
          Object.keys(TITLES)
            .filter((prefix) => op.sdk.startsWith(prefix))
            .sort((a, b) => b.length - a.length)[0]!
        ]
      if (key in STRINGS) return STRINGS[key]
      if (/Id$/.test(key)) return id(key.slice(0, -2))
      if (key in REFERENCES) return id(REFERENCES[key]!)
      throw new Error(`generate-sdk: no example value for the string field "${key}": add one to scripts/generate/examples.ts`)
    case 'number':
      return 1
    case 'boolean':
      return true
    case 'literal':
      return (def.values as unknown[])[0]
    case 'enum': {
      const values = Object.values(def.entries as Record<string, unknown>)
      return CHOICES[key] !== undefined && values.includes(CHOICES[key]) ? CHOICES[key] : values[0]
    }
    case 'array':
      return [valueOf(op, path, def.element as Schema)]
    case 'union':
      return valueOf(op, path, (def.options as Schema[])[0]!)
    case 'record':
      return {}
    case 'object':
      return fields(op, path, def.shape as Record<string, Schema>, true)
    default:
      throw new Error(`generate-sdk: no example value for a zod "${def.type}" field ("${key}"): teach scripts/generate/examples.ts`)
  }
}

const required = (schema: Schema) => schema._zod.optin !== 'optional'

/** The required fields of a shape; with `atLeastOne`, its title (or first field) when none is required. */
function fields(op: OperationDef, path: string, shape: Record<string, Schema>, atLeastOne: boolean): Record<string, unknown> {
  let keys = Object.keys(shape).filter((k) => required(shape[k]!))
  if (keys.length === 0 && atLeastOne) keys = 'title' in shape ? ['title'] : Object.keys(shape).slice(0, 1)
  return Object.fromEntries(keys.map((k) => [k, valueOf(op, path ? `${path}.${k}` : k, shape[k]!)]))
}

/**
 * Optional body fields an example still gives, because the usual call needs them: publishing a
 * new integration names its organization (the API answers 400 `body.organization` otherwise).
 */
const USUAL: Record<string, readonly string[]> = { publishIntegration: ['organization'] }

/** The parameters of an example call: every required one, and a body field when the body has none required. */
export function exampleParams(op: OperationDef): Record<string, unknown> {
  const body = shapeOf(op.body) ?? {}
  const usual = (USUAL[op.id] ?? []).map((key) => [key, valueOf(op, key, body[key]!)])
  const parts = {
    params: fields(op, '', shapeOf(op.params) ?? {}, false),
    query: fields(op, '', shapeOf(op.query) ?? {}, false),
    body: { ...fields(op, '', body, true), ...Object.fromEntries(usual) },
  }
  for (const [part, value] of Object.entries(parts)) {
    const schema = op[part as keyof typeof parts]
    if (!schema) continue
    const parsed = schema.safeParse(value)
    if (!parsed.success)
      throw new Error(`generate-sdk: the example ${part} of ${op.id} do not pass its schema: ${JSON.stringify(parsed.error.issues)}`)
  }
  return { ...parts.params, ...parts.query, ...parts.body }
}

/** A value as TypeScript source on one line. */
function print(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(print).join(', ')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
    return entries.length
      ? `{ ${entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${print(v)}`).join(', ')} }`
      : '{}'
  }
  return typeof value === 'string' ? `'${value.replace(/['\\]/g, '\\$&')}'` : String(value)
}

/** `Space` → `space`, `SAMLProvider` → `samlProvider`. */
const camel = (name: string) => name.replace(/^[A-Z]+?(?=[A-Z]?[a-z]|$)/, (head) => head.toLowerCase())

/**
 * The example's code: the call on a client, its result named after what it returns.
 * `resultName` is the name of the response schema (or of a list's items), when it has one.
 */
export function example(op: OperationDef, resultName: string | undefined): string {
  const params = exampleParams(op)
  const call = `client.${op.sdk}(${Object.keys(params).length ? print(params) : ''})`
  if (op.paginated)
    return `for await (const ${resultName ? camel(resultName) : 'item'} of ${call}) {\n  console.log(${resultName ? camel(resultName) : 'item'})\n}`
  if (op.stream) return `for await (const event of ${call}) {\n  console.log(event)\n}`
  if (!op.response) return `await ${call}`
  return `const ${resultName ? camel(resultName) : 'result'} = await ${call}`
}
