import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { createClient } from '../../src/index.ts'
import { createChecker, readContradictions } from '../../scripts/published/validate.ts'

describe('the published description and the table of contradictions', () => {
  it('reads one table of contradictions, each row with the seed`s and the published wording', () => {
    const rows = readContradictions('contradictions')
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(['missing', 'extra', 'enum', 'keywords', 'withheld', 'shape']).toContain(row.kind)
      expect(row.seed.length, `${row.schema}.${row.field}`).toBeGreaterThan(0)
      expect(row.published.length, `${row.schema}.${row.field}`).toBeGreaterThan(0)
      if (row.kind === 'enum') expect(row.values?.length).toBeGreaterThan(0)
      if (row.kind === 'keywords') expect(Object.keys(row.keywords ?? {}).length).toBeGreaterThan(0)
      if (row.kind === 'withheld') expect(row.fields?.length).toBeGreaterThan(0)
    }
    // Every row names a schema of the description: applying a row to a schema that is gone throws.
    expect(() => createChecker()).not.toThrow()
    expect(() => createChecker([{ schema: 'NoSuchSchema', field: 'x', kind: 'missing', seed: 's', published: 'p' }])).toThrow(
      /NoSuchSchema/,
    )
  })

  it('fails an answer whose field is renamed or missing, and passes the answer as given', async () => {
    const platform = createMockPlatform({ scenario: 'empty', freeze: true })
    await platform.ready
    const b = platform.builders
    const org = await b.organization({ title: 'Org' })
    const admin = await b.user({ organization: org.id, role: 'admin' })
    const space = await b.space({ organization: org.id, title: 'Docs' })
    const client = createClient({ token: admin.token, fetch: platform.fetch, retry: 0 })
    const read = (await client.spaces.get({ spaceId: space.id })) as Record<string, unknown>
    const checker = createChecker()
    expect(checker.check('getSpaceById', 200, read)).toBeUndefined()
    const { mergeRules, ...renamed } = read
    const finding = checker.check('getSpaceById', 200, { ...renamed, mergeRule: mergeRules })
    expect(finding?.errors).toContain("/ must have required property 'mergeRules'")
    expect(checker.check('getSpaceById', 200, { ...read, visibility: 'everyone' })?.errors.join('\n')).toMatch(/visibility/)
  })

  it('applies a withheld row: a member with every field, or the person alone, nothing in between', () => {
    const user = { object: 'user', id: 'u1', displayName: 'Ada', urls: { location: 'https://app.example/u/u1' } }
    const person = { object: 'member', id: 'u1', user }
    const full = {
      ...person,
      role: 'admin',
      disabled: false,
      joinedAt: '2026-01-15T09:00:00.000Z',
      sso: false,
      spaces: 2,
      teams: 0,
      sites: 0,
    }
    const list = (member: object) => ({ items: [member], count: 1 })
    const checker = createChecker()
    expect(checker.check('listCommentersInSpace', 200, list(full))).toBeUndefined()
    expect(checker.check('listCommentersInSpace', 200, list(person))).toBeUndefined()
    const { joinedAt: _, ...half } = full
    expect(checker.check('listCommentersInSpace', 200, list(half))).toBeDefined()
    const without = createChecker(readContradictions().filter((r) => r.schema !== 'OrganizationMember'))
    expect(without.check('listCommentersInSpace', 200, list(person))).toBeDefined()
  })

  it('applies a contradiction: the seed`s enumeration passes only with its row', () => {
    const body = { object: 'openapi-spec', processingState: 'failed' }
    const without = createChecker(readContradictions().filter((r) => r.schema !== 'OpenAPISpecProcessingState'))
    const withRow = createChecker()
    const errors = (checker: ReturnType<typeof createChecker>) => checker.check('getOpenAPISpecBySlug', 200, body)?.errors ?? []
    expect(errors(without).some((e) => e.startsWith('/processingState'))).toBe(true)
    expect(errors(withRow).some((e) => e.startsWith('/processingState'))).toBe(false)
  })
})
