import type { Tables } from '../../tables/db.ts'

/** How many presented pages a platform keeps at most; the least recently read goes first. */
export const PAGES_KEPT = 16

/**
 * Pages of a list as they were last presented, kept until the next write to any table. A page's
 * items can depend on many tables (a member shows their user, and counts their spaces and teams,
 * which grants, collections and team memberships decide), so every write drops them all rather than
 * trusting a list of dependencies to stay complete: a write, a load, a clear, and a rollback (which
 * writes through the same tables) are all seen by the next read. What is kept are the presented
 * objects, frozen: an answer is still serialized per request, as a server holding them would.
 * Owned by the platform's state (never module-global), bounded by {@link PAGES_KEPT}.
 */
export class PageMemo {
  readonly #pages = new Map<string, unknown>()

  constructor(tables: Tables) {
    const forget = () => {
      if (this.#pages.size > 0) this.#pages.clear()
    }
    // Any table's observer takes a forgetful callback that ignores the event.
    for (const table of Object.values(tables) as Array<{ observe(observer: () => void): unknown }>) table.observe(forget)
  }

  /**
   * The page kept under `key`, or the one `present` makes (then kept, frozen). `key` must name
   * everything besides the tables that the page depends on: the list, the query, who is asking.
   */
  page<T>(key: string, present: () => T): T {
    const kept = this.#pages.get(key)
    if (kept !== undefined) {
      // Most recently read last: the first entry is the one to drop.
      this.#pages.delete(key)
      this.#pages.set(key, kept)
      return kept as T
    }
    const page = deepFreeze(present())
    this.#pages.set(key, page)
    if (this.#pages.size > PAGES_KEPT) this.#pages.delete(this.#pages.keys().next().value!)
    return page
  }
}

/** Freezes a presented value through: nothing that serializes or reads a kept page can change it for the next reader. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key in value) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}
