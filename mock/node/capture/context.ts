import { APIError, ResponseValidationError, type Client } from '../../../src/index.ts'
import type { Progress } from './progress.ts'

/** Something the capture could not read, and why (a 403, a validation failure, an API limit). */
export interface Skipped {
  /** What was being read: `space abc: comments`. */
  what: string
  /** Why: `403 ...`, `response failed validation: ...`. */
  reason: string
}

/** A value the copy holds that the API did not reveal: left out, or filled with a marked placeholder. */
export interface Placeholder {
  /** The resource and field: `organizations.visitorSecret`. */
  field: string
  /** What the copy holds instead. */
  detail: string
  /** How many records carry it. */
  count: number
}

/** Shared state of one capture run: the client, the concurrency gate, what was read and what was not. */
export class CaptureContext {
  readonly client: Client
  readonly progress: Progress
  readonly skipped: Skipped[] = []
  readonly #placeholders = new Map<string, Placeholder>()
  requests = 0
  readonly #limit: number
  #active = 0
  readonly #waiting: Array<() => void> = []

  constructor(client: Client, concurrency: number, progress: Progress) {
    this.client = client
    this.#limit = concurrency
    this.progress = progress
  }

  /** Notes that `count` records carry a placeholder (or miss a value) in `field`. */
  placeholder(field: string, detail: string, count = 1): void {
    const known = this.#placeholders.get(field)
    if (known) known.count += count
    else this.#placeholders.set(field, { field, detail, count })
  }

  get placeholders(): Placeholder[] {
    return [...this.#placeholders.values()]
  }

  /** Runs one request under the concurrency limit, counting it. */
  async request<T>(run: () => Promise<T>): Promise<T> {
    if (this.#active >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve))
    this.#active++
    this.requests++
    try {
      return await run()
    } finally {
      this.#active--
      this.#waiting.shift()?.()
    }
  }

  /**
   * Reads one resource; a refusal the token explains (403, 404) or a response the contract
   * rejects is recorded as skipped and answers `undefined`. Anything else (401, a connection
   * failure) ends the capture.
   */
  async read<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await this.request(run)
    } catch (error) {
      if (this.#skippable(error)) {
        this.skipped.push({ what, reason: describe(error) })
        return undefined
      }
      throw error
    }
  }

  /**
   * Walks every page of a list (each page one request under the limit). A refusal on the first
   * page is recorded and gives `undefined`; a refusal mid-walk keeps the items already read.
   */
  async list<T>(what: string, open: () => AsyncIterable<{ items: T[] }>): Promise<T[] | undefined> {
    const items: T[] = []
    let iterator: AsyncIterator<{ items: T[] }> | undefined
    try {
      iterator = open()[Symbol.asyncIterator]()
      for (;;) {
        const step = await this.request(() => iterator!.next())
        if (step.done) break
        items.push(...step.value.items)
      }
      return items
    } catch (error) {
      if (this.#skippable(error)) {
        this.skipped.push({ what, reason: describe(error) })
        return items.length > 0 ? items : undefined
      }
      throw error
    }
  }

  /** Runs `work` over items, at most the concurrency limit at a time (requests are gated anyway). */
  async each<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
    await Promise.all(items.map(work))
  }

  #skippable(error: unknown): boolean {
    if (error instanceof ResponseValidationError) return true
    return error instanceof APIError && (error.status === 403 || error.status === 404 || error.status === 400 || error.status === 409)
  }
}

/** One line on why a read failed, without anything secret (the SDK's messages carry no token). */
export function describe(error: unknown): string {
  if (error instanceof ResponseValidationError) return `response failed validation against the contract (${error.message})`
  if (error instanceof APIError) return `${error.status} ${error.message.replace(/^\d+ /, '')}`
  return (error as Error)?.message ?? String(error)
}
