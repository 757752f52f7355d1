import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { clientFor } from '../helpers.ts'

/** An empty platform with one organization, its admin (a client) and two spaces. */
async function world() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Acme' })
  const other = await b.organization({ title: 'Globex' })
  const admin = await b.user({ organization: org.id, role: 'admin' })
  await b.member(other.id, admin.user.id, 'admin')
  const shelf = await b.collection({ organization: org.id, title: 'Shelf' })
  const archive = await b.collection({ organization: org.id, title: 'Archive' })
  const first = await b.space({ organization: org.id, parent: shelf.id, title: 'First' })
  const second = await b.space({ organization: org.id, parent: shelf.id, title: 'Second' })
  return { platform, org, other, shelf, archive, first, second, client: clientFor(platform, admin.token) }
}

describe('platform.db: one write path', () => {
  it('shows tables only, and answers ad-hoc queries in @msw/data’s query language', async () => {
    const { platform, org, first, second } = await world()
    expect(Object.keys(platform.db)).toContain('spaces')
    expect(Object.keys(platform.db).filter((name) => /By[A-Z]/.test(name) || name === 'contentCache')).toEqual([])
    expect(platform.db.spaces.findMany((q) => q.where({ organization: org.id })).map((s) => s.id)).toEqual([first.id, second.id])
    expect(platform.db.spaces.findFirst((q) => q.where({ title: (t) => t.startsWith('Sec') }))?.id).toBe(second.id)
    expect(platform.db.spaces.count((q) => q.where({ title: 'First' }))).toBe(1)
  })

  it('keeps lists, counts and lookups right after writes straight on a table', async () => {
    const { platform, client, shelf, archive, first, second } = await world()
    platform.db.spaces.update(platform.db.spaces.get(first.id)!, { parent: archive.id })
    const onShelf = await client.collections.listSpaces({ collectionId: shelf.id })
    expect(onShelf.items.map((s) => s.id)).toEqual([second.id])
    expect(onShelf.count).toBe(1)
    expect((await client.collections.listSpaces({ collectionId: archive.id })).items.map((s) => s.id)).toEqual([first.id])
    platform.db.spaces.delete(platform.db.spaces.get(second.id)!)
    expect((await client.collections.listSpaces({ collectionId: shelf.id })).count).toBe(0)
    await expect(client.spaces.get({ spaceId: second.id })).rejects.toMatchObject({ status: 404 })
  })

  it('refuses an invalid record or change, changing nothing', async () => {
    const { platform, first } = await world()
    const stored = platform.db.spaces.get(first.id)!
    expect(() => platform.db.spaces.update(stored, { title: 42 as unknown as string })).toThrow(/schema at title/)
    expect(() => platform.db.spaces.update(stored, { id: 'other' })).toThrow(/keeps its ID/)
    expect(platform.db.spaces.get(first.id)!.title).toBe('First')
    expect(() => platform.db.spaces.insert({ ...stored })).toThrow(/already stored/)
    expect(() => platform.db.spaces.insert({ ...stored, id: 'new-one', visibility: 'nope' as 'public' })).toThrow(/schema at visibility/)
    expect(platform.db.spaces.size).toBe(2)
  })

  it('refuses a snapshot with a repeated ID before loading anything', async () => {
    const { platform, first } = await world()
    const snapshot = platform.snapshot()
    const spaces = snapshot.tables.spaces!
    await expect(platform.restore({ ...snapshot, tables: { ...snapshot.tables, spaces: [...spaces, spaces[0]] } })).rejects.toThrow(
      /repeats the ID/,
    )
    expect(platform.db.spaces.get(first.id)?.title).toBe('First')
  })

  it('hands out records read-only all the way down, and stores copies of what it is given', async () => {
    const { platform, client, org } = await world()
    const domains = ['acme.test']
    const stored = platform.db.organizations.update(platform.db.organizations.get(org.id)!, { emailDomains: domains })
    const pushInPlace = () => {
      // @ts-expect-error a read record's lists are read-only too: a change goes through update
      stored.emailDomains.push('behind-the-table.test')
    }
    expect(pushInPlace).toBeTypeOf('function')
    // The list the caller kept is not the stored one: changing it changes nothing.
    domains.push('kept.test')
    expect(platform.db.organizations.get(org.id)!.emailDomains).toEqual(['acme.test'])
    expect((await client.orgs.get({ organizationId: org.id })).emailDomains).toEqual(['acme.test'])
    const replaced = platform.db.organizations.update(stored, { emailDomains: [...stored.emailDomains, 'acme.example'] })
    expect((await client.orgs.get({ organizationId: org.id })).emailDomains).toEqual(['acme.test', 'acme.example'])
    expect(replaced.emailDomains).not.toBe(domains)
  })

  it('tells every write to its observers as one typed event, and hands out read-only records', async () => {
    const { platform, first, second } = await world()
    const events: Array<{ kind: string; table: string; before?: string | undefined; after?: string | undefined }> = []
    const stop = platform.db.spaces.observe((event) =>
      events.push(
        event.kind === 'cleared'
          ? { kind: event.kind, table: event.table, before: [...event.before.keys()].join(',') }
          : { kind: event.kind, table: event.table, before: event.before?.title, after: event.after?.title },
      ),
    )
    const stored = platform.db.spaces.get(first.id)!
    const editInPlace = () => {
      // @ts-expect-error a read record is read-only: a change goes through update
      stored.title = 'Edited in place'
    }
    expect(editInPlace).toBeTypeOf('function')
    platform.db.spaces.update(stored, { title: 'Renamed' })
    platform.db.spaces.delete(platform.db.spaces.get(second.id)!)
    const copy = platform.db.spaces.insert({ ...stored, id: 'copy', title: 'Copy' })
    platform.db.spaces.clear()
    stop()
    platform.db.spaces.insert(copy)
    expect(events).toEqual([
      { kind: 'write', table: 'spaces', before: 'First', after: 'Renamed' },
      { kind: 'write', table: 'spaces', before: 'Second', after: undefined },
      { kind: 'write', table: 'spaces', before: undefined, after: 'Copy' },
      { kind: 'cleared', table: 'spaces', before: `${first.id},copy` },
    ])
  })
})
