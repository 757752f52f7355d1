import { APIPromise, type Fetched } from './api-promise.ts'
import { ListLimitError } from './errors.ts'

/** The paginated envelope as the API sends it. */
export interface ListEnvelope<Item> {
  /** The items of this page, in the list's order. */
  items: Item[]
  /** Total number of items across all pages for this filter. */
  count: number
  /** Present when there is a following page. */
  next?: {
    /** Opaque cursor of the following page, passed back as the `page` parameter. */
    page: string
  }
}

/**
 * One page of a list, with the means to fetch the following one. `Extra` types the fields a
 * list adds beside its envelope (a links listing's `stats`).
 */
export interface ListPage<Item, Extra = {}> extends ListEnvelope<Item> {
  /** Whether a following page exists. */
  hasNextPage(): boolean
  /** Fetches the following page; throws when there is none. */
  getNextPage(): Promise<ListPage<Item, Extra> & Extra>
}

type FetchPage<Item> = (cursor: string | undefined) => Promise<Fetched<ListEnvelope<Item>>>

function makePage<Item>(envelope: ListEnvelope<Item>, fetchPage: FetchPage<Item>): ListPage<Item> {
  return {
    ...envelope,
    hasNextPage: () => envelope.next?.page !== undefined,
    async getNextPage() {
      const cursor = envelope.next?.page
      if (cursor === undefined) throw new Error('There is no next page')
      const { data } = await fetchPage(cursor)
      return makePage(data, fetchPage)
    },
  }
}

/**
 * What a list operation returns. `await` it for the first page; `for await` over it for
 * every item across pages; `.pages()` to walk page by page.
 *
 * @example
 * ```ts
 * for await (const member of client.orgs.members.list({ organizationId })) {
 *   console.log(member.user.displayName)
 * }
 * ```
 */
export class PagePromise<Item, Extra = {}> extends APIPromise<ListPage<Item, Extra> & Extra> implements AsyncIterable<Item> {
  /** @internal */
  constructor(fetchPage: FetchPage<Item>, start?: string) {
    super(async () => {
      const { data, response } = await fetchPage(start)
      return { data: makePage(data, fetchPage) as ListPage<Item, Extra> & Extra, response }
    })
  }

  /** Walks the pages, starting with the first. */
  async *pages(): AsyncGenerator<ListPage<Item, Extra> & Extra, void, undefined> {
    let page: ListPage<Item, Extra> & Extra = await this
    yield page
    while (page.hasNextPage()) {
      page = await page.getNextPage()
      yield page
    }
  }

  /**
   * Every item of every page in one array. The limit is required: a list that holds more items
   * than `limit` rejects with a {@link ListLimitError} (before fetching more pages when the first
   * page's `count` already says so) instead of returning part of the list as if it were all.
   * A `limit` that is not a whole number of at least 1 rejects with a `RangeError`.
   */
  async toArray(options: { limit: number }): Promise<Item[]> {
    const limit = options?.limit
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
      throw new RangeError(`toArray({ limit }) needs a limit, a whole number of items of at least 1 (got ${String(limit)}).`)
    }
    const items: Item[] = []
    for await (const page of this.pages()) {
      if (page.count > limit) throw new ListLimitError(limit, page.count)
      items.push(...page.items)
      if (items.length > limit) throw new ListLimitError(limit, items.length)
    }
    return items
  }

  /** Every item of every page, fetching each page when the loop reaches it. */
  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for await (const page of this.pages()) yield* page.items
  }
}
