import MiniSearch, { type Options } from 'minisearch'

/**
 * MiniSearch with its postings kept in arrays instead of maps. MiniSearch files each word of each
 * field as a `Map` from document to term frequency, inside a `Map` from field to those: at four
 * section documents a page, those maps were most of a search index's memory (about 5.5 KB a page)
 * and much of the collector's work on a large platform. Here a word's postings in a field are one
 * array of document IDs and frequencies, and a word's fields one small array. MiniSearch's own
 * code reads and writes them through the few `Map` methods it uses (`get`, `set`, `delete`,
 * `size`, `keys`, iteration), so what it ranks, and how, is its own: only where the
 * numbers are kept differs. `compact-minisearch.test.ts` compares both over random corpora,
 * removals and queries; it relies on MiniSearch's private members (`addTerm`, the term tree), so a
 * MiniSearch release that changes them fails that test rather than ranking differently unseen.
 *
 * Iteration order is what MiniSearch's maps would give: MiniSearch gives each document added a
 * short ID above every earlier one, so the order documents were filed in a term's postings (a
 * map's insertion order) is ascending ID order, which is how the arrays are kept.
 */
export class CompactMiniSearch<T = unknown> extends MiniSearch<T> {
  readonly #distinct: DistinctWords

  /**
   * `distinct` counts each field's distinct words: one may be shared by many indexes (the
   * indexes of a platform), none by two threads of work at once.
   */
  constructor(options: Options<T>, distinct = new DistinctWords()) {
    super(options)
    this.#distinct = distinct
  }

  override add(document: T): void {
    this.#file(document, undefined)
  }

  /**
   * Gives back the room postings grown while adding keep beyond their entries (a quarter to half
   * of a new index's postings): for an index built and then mostly read. What it finds is
   * unchanged; a document added later grows its words' postings again.
   */
  compact(): void {
    for (const fields of (this as unknown as Internals<T>)._index.values()) fields.compact()
  }

  /**
   * Adds documents as MiniSearch does one by one; a field holding the same text as in the
   * document before (a page's title, in each of its sections) is split and its distinct words
   * counted once (the tokenizer and `processTerm` are functions of the word and field alone).
   */
  override addAll(documents: readonly T[]): void {
    const last = new Map<string, FieldTerms>()
    for (const document of documents) this.#file(document, last)
  }

  /**
   * MiniSearch's `add`, step for step, but for how a field's words are counted and filed: each
   * distinct word once, with its count, where MiniSearch files each occurrence (the same term
   * tree, built in the same order, and the same frequencies, in fewer walks of the tree), and the
   * words of a field reused from `last` when it holds the same text.
   */
  #file(document: T, last: Map<string, FieldTerms> | undefined): void {
    const self = this as unknown as Internals<T>
    const { extractField, stringifyField, tokenize, processTerm, fields, idField } = self._options
    const id = extractField(document, idField)
    if (id == null) throw new Error(`MiniSearch: document does not have ID field "${idField}"`)
    if (self._idToShortId.has(id)) throw new Error(`MiniSearch: duplicate ID ${id}`)
    const shortId = self.addDocumentId(id)
    self.saveStoredFields(shortId, document)
    // The document's field lengths, made to size: MiniSearch's `addFieldLength` starts an empty
    // array and grows it one field at a time, which leaves room for about seventeen.
    let lengths: number[] | undefined
    let top = -1
    for (const field of fields) {
      const value = extractField(document, field)
      if (value == null) continue
      const text = stringifyField(value, field)
      const fieldId = self._fieldIds[field]!
      if (!lengths) self._fieldLength.set(shortId, (lengths = new Array<number>(fields.length)))
      top = fieldId
      let words = last?.get(field)
      if (words?.text !== text) {
        words ??= { text, terms: [], counts: [], size: 0, distinct: 0 }
        words.text = text
        this.#distinct.terms(tokenize(text, field), field, processTerm, words)
        last?.set(field, words)
      }
      self.addFieldLength(shortId, fieldId, self._documentCount - 1, words.distinct)
      const { terms, counts, size } = words
      for (let i = 0; i < size; i++) addTerm.call(self, fieldId, shortId, terms[i]!, counts[i]!)
    }
    // As long as MiniSearch's: up to the last field the document has (it serializes the same).
    if (lengths && lengths.length > top + 1) lengths.length = top + 1
  }
}

/**
 * A field's text, its first `size` terms (in the order of their first word) with how often each
 * occurs, and how many distinct words it has. The arrays are reused from field to field (cut to
 * `size`, they would be reallocated as they grow again).
 */
interface FieldTerms {
  text: string
  terms: string[]
  counts: number[]
  size: number
  distinct: number
}

/** The members of MiniSearch `add` uses (private in its types). */
interface Internals<T> {
  _options: Required<Pick<Options<T>, 'extractField' | 'stringifyField' | 'tokenize' | 'processTerm' | 'fields' | 'idField'>>
  _idToShortId: Map<unknown, number>
  _fieldIds: Record<string, number>
  _documentCount: number
  _fieldLength: Map<number, number[]>
  _index: TermTree
  addDocumentId(id: unknown): number
  saveStoredFields(shortId: number, document: T): void
  addFieldLength(shortId: number, fieldId: number, count: number, length: number): void
}

/** Past this many words remembered, {@link DistinctWords} starts again (its memory stays small). */
const WORDS_REMEMBERED = 20_000

/**
 * Counts the distinct words of a list, as `new Set(words).size` does, and how often each occurs,
 * without making a set or a map each time: a word's slot in the list being counted is looked up
 * by the word, and belongs to this list if the slot, among those this list used, holds the word.
 * Four documents of three fields a page made twelve sets a page, a tenth of what building an
 * index allocated.
 */
export class DistinctWords {
  /** Each word seen, with its slot in the list it was last seen in. */
  #seen = new Map<string, number>()
  /** The words of the list being counted, by slot, in the order of their first occurrence. */
  readonly #words: string[] = []
  readonly #counts: number[] = []

  /**
   * Fills `into` with the distinct words of `words` processed into terms (its first `size`
   * entries, in the order of the words' first occurrence, each with the word's number of
   * occurrences, a word processed into several terms giving each that count) and how many
   * distinct words there are.
   */
  terms(
    words: readonly string[],
    field: string,
    processTerm: (term: string, field: string) => string | string[] | null | undefined | false,
    into: { terms: string[]; counts: number[]; size: number; distinct: number },
  ): void {
    const n = this.#slots(words)
    const { terms, counts } = into
    let size = 0
    for (let slot = 0; slot < n; slot++) {
      const processed = processTerm(this.#words[slot]!, field)
      const count = this.#counts[slot]!
      if (Array.isArray(processed))
        for (const term of processed) {
          terms[size] = term
          counts[size++] = count
        }
      else if (processed) {
        terms[size] = processed
        counts[size++] = count
      }
    }
    into.size = size
    into.distinct = n
  }

  /** Gives each distinct word of `words` a slot (`#words`, `#counts`), and returns how many. */
  #slots(words: readonly string[]): number {
    if (this.#seen.size > WORDS_REMEMBERED) this.#seen = new Map()
    // The slots of a list longer than that are not kept for the next (nor the words they hold).
    if (this.#words.length > WORDS_REMEMBERED) this.#words.length = this.#counts.length = 0
    const seen = this.#seen
    const slots = this.#words
    const counts = this.#counts
    let used = 0
    for (const word of words) {
      const slot = seen.get(word)
      if (slot !== undefined && slot < used && slots[slot] === word) counts[slot]!++
      else {
        slots[used] = word
        counts[used] = 1
        seen.set(word, used++)
      }
    }
    return used
  }
}

/** One word's postings in one field: document short IDs and term frequencies, by ascending ID. */
class Postings {
  /** `[id, frequency, id, frequency, …]`, ascending IDs. */
  #data: number[]

  constructor(id: number, frequency: number) {
    this.#data = [id, frequency]
  }

  get size(): number {
    return this.#data.length >> 1
  }

  /** The position of `id`'s pair, or `-1 - position` it would be inserted at. */
  #find(id: number): number {
    const data = this.#data
    let low = 0
    let high = (data.length >> 1) - 1
    while (low <= high) {
      const mid = (low + high) >> 1
      const at = data[mid << 1]!
      if (at < id) low = mid + 1
      else if (at > id) high = mid - 1
      else return mid << 1
    }
    return -1 - (low << 1)
  }

  get(id: number): number | undefined {
    const data = this.#data
    // The common case: the document being added is the newest.
    if (data[data.length - 2] === id) return data[data.length - 1]
    const at = this.#find(id)
    return at >= 0 ? this.#data[at + 1] : undefined
  }

  set(id: number, frequency: number): this {
    const data = this.#data
    const n = data.length
    // The common case: the document being added is the newest.
    if (n === 0 || data[n - 2]! < id) data.push(id, frequency)
    else {
      const at = this.#find(id)
      if (at >= 0) data[at + 1] = frequency
      else data.splice(-1 - at, 0, id, frequency)
    }
    return this
  }

  delete(id: number): boolean {
    const at = this.#find(id)
    if (at < 0) return false
    this.#data.splice(at, 2)
    return true
  }

  /**
   * Drops the room the array holds beyond its entries: grown by appending, an array keeps room
   * for about half as many again plus sixteen numbers (a word in two documents held 22 slots).
   */
  compact(): void {
    // An array of one pair was made to size.
    if (this.#data.length > 2) this.#data = this.#data.slice()
  }

  // Iterators read a copy: MiniSearch deletes the current document while iterating (vacuuming),
  // which a map allows.
  keys(): IterableIterator<number> {
    const ids: number[] = []
    for (let i = 0; i < this.#data.length; i += 2) ids.push(this.#data[i]!)
    return ids.values()
  }

  [Symbol.iterator](): IterableIterator<[number, number]> {
    const pairs: Array<[number, number]> = []
    for (let i = 0; i < this.#data.length; i += 2) pairs.push([this.#data[i]!, this.#data[i + 1]!])
    return pairs.values()
  }
}

/**
 * One word's postings by field ID (MiniSearch numbers its fields from 0). The first three fields
 * have a slot each, the rest an array made when needed: an array filled one field at a time held
 * room for about seventeen (about 90 bytes a word and index, for three fields).
 */
class TermFields {
  #f0: Postings | undefined = undefined
  #f1: Postings | undefined = undefined
  #f2: Postings | undefined = undefined
  /** Fields from the fourth on, by field ID less three. */
  #more: Array<Postings | undefined> | undefined = undefined

  // Read only when a word is taken out of a document (MiniSearch then drops a word with no fields).
  get size(): number {
    return [...this].length
  }

  get(field: number): Postings | undefined {
    return field === 0 ? this.#f0 : field === 1 ? this.#f1 : field === 2 ? this.#f2 : this.#more?.[field - 3]
  }

  set(field: number, postings: Postings | undefined): this {
    if (field === 0) this.#f0 = postings
    else if (field === 1) this.#f1 = postings
    else if (field === 2) this.#f2 = postings
    else (this.#more ??= [])[field - 3] = postings
    return this
  }

  delete(field: number): boolean {
    const had = this.get(field) !== undefined
    this.set(field, undefined)
    return had
  }

  [Symbol.iterator](): IterableIterator<[number, Postings]> {
    const pairs: Array<[number, Postings]> = []
    if (this.#f0) pairs.push([0, this.#f0])
    if (this.#f1) pairs.push([1, this.#f1])
    if (this.#f2) pairs.push([2, this.#f2])
    this.#more?.forEach((postings, i) => postings && pairs.push([i + 3, postings]))
    return pairs.values()
  }

  /** Gives each field's postings back the room they hold beyond their entries. */
  compact(): void {
    for (const [, postings] of this) postings.compact()
  }
}

/** What MiniSearch's term tree holds (a radix tree from each word to its fields' postings). */
interface TermTree {
  fetch(term: string, initial: () => TermFields): TermFields
  values(): IterableIterator<TermFields>
}

const newTermFields = () => new TermFields()

/**
 * MiniSearch's `addTerm` (private in its types, so set on the prototype) with the postings above:
 * the same counts, in arrays.
 */
function addTerm(this: { _index: TermTree }, field: number, document: number, term: string, count = 1): void {
  const fields = this._index.fetch(term, newTermFields)
  const postings = fields.get(field)
  if (postings === undefined) fields.set(field, new Postings(document, count))
  else postings.set(document, (postings.get(document) ?? 0) + count)
}

Object.defineProperty(CompactMiniSearch.prototype, 'addTerm', { value: addTerm, writable: true, configurable: true })
