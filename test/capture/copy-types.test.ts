import { describe, expect, it } from 'vitest'
import { Copy } from '../../mock/node/capture/copy.ts'

/**
 * The capture's copy is typed by table: `tsc` (the first step of `npm test`) refuses a record
 * whose fields are not the table's. Each `@ts-expect-error` below is a drift the compiler must
 * catch; were the typing loosened, the directive itself would fail to compile.
 */
const user = { id: 'u1', displayName: 'Ada', email: 'ada@example.com' }

function drifts(copy: Copy): void {
  // @ts-expect-error a field the table does not have (a renamed one) is refused
  copy.add('users', { ...user, mail: 'ada@example.com' })
  // @ts-expect-error a field the table requires must be there
  copy.add('users', { id: 'u2', displayName: 'Bo' })
  // @ts-expect-error a field has the table's type
  copy.add('users', { ...user, displayName: 42 })
  // @ts-expect-error only the platform's tables exist
  copy.add('user', user)
}

describe('the capture copy', () => {
  it("numbers records as they come, merges a record seen twice, and reads back the table's type", () => {
    const copy = new Copy()
    copy.add('users', user)
    copy.add('users', { ...user, email: '', photoURL: 'https://example.com/ada.png' })
    const stored = copy.get('users', 'u1')
    // Typed as the table's record: `displayName` is a string without a cast.
    const name: string | undefined = stored?.displayName
    expect(name).toBe('Ada')
    expect(stored).toEqual({ id: 'u1', displayName: 'Ada', email: '', photoURL: 'https://example.com/ada.png', seq: 1 })
    expect(copy.counts()).toEqual({ users: 1 })
  })

  it('checks nothing at run time: the compiler is what refuses the drifts above', () => {
    const copy = new Copy()
    drifts(copy)
    expect(copy.counts()).toEqual({ users: 2, user: 1 })
  })
})
