/**
 * Values kept by key, least recently used first, bounded by the sum of their weights: the one
 * policy of the platform's caches of derived content (page analyses, documents, search sections,
 * kept searches). Each cache weighs its values in its own unit and owns
 * one of these (never module-global), so what it holds is bounded by its budget, never by what
 * clients write.
 */
export class WeightedLru<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>()
  readonly #budget: number
  #weight = 0

  constructor(budget: number) {
    this.#budget = budget
  }

  /** The value kept for `key`, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry.value
  }

  /** The value kept for `key`, its rank unchanged. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value
  }

  /**
   * Keeps `value` for `key` (in place of what it held) as the most recently used, then drops the
   * least recently used others while the total is over the budget (never `key` itself: a value
   * heavier than the budget is kept alone). A value may be set again when its weight changes.
   */
  set(key: K, value: V, weight: number): void {
    this.delete(key)
    this.#entries.set(key, { value, weight })
    this.#weight += weight
    for (const [other, entry] of this.#entries) {
      if (this.#weight <= this.#budget || other === key) break
      this.#entries.delete(other)
      this.#weight -= entry.weight
    }
  }

  /** Drops what `key` holds, and returns it. */
  delete(key: K): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    this.#weight -= entry.weight
    return entry.value
  }

  clear(): void {
    this.#entries.clear()
    this.#weight = 0
  }

  /** How many values are kept. */
  get size(): number {
    return this.#entries.size
  }

  /** The sum of the kept values' weights. */
  get weight(): number {
    return this.#weight
  }
}
