import { Composer, type CST, type Document, isMap, isPair, isScalar, isSeq, Lexer, Parser } from 'yaml'
import { aliasLimit, depthLimit, keysLimit, MAX_SOURCE_ALIASES, MAX_SOURCE_DEPTH, MAX_SOURCE_KEYS } from '../../base/source-limits.ts'

/** How many tokens are read between two chances to give the event loop back. */
const STEP = 256

/**
 * The YAML parser of OpenAPI sources (loaded on first need, see ../libraries.ts), as a generator
 * that yields between steps of work, so the caller may pause there (the sliced in-thread reader)
 * or not (`runSteps`: a worker thread, builders). Its value is the document's plain value.
 *
 * Bounded: the syntax tree is checked against the source limits (nesting, keys per mapping,
 * aliases: a {@link SourceLimit} names the one broken) before any value is built. The library's
 * own duplicate-key check compares each key with every earlier one of its mapping (a mapping of
 * 60,000 keys took half a minute), so it is off and a set per mapping does the same check.
 * Aliases expand to at most 100 nodes (the library's check); any other failure is "not YAML".
 */
export function* parseYAMLSteps(text: string): Generator<void, unknown> {
  const parser = new Parser()
  const tokens: CST.Token[] = []
  let count = 0
  // What `parser.parse(text)` does, a lexeme at a time.
  for (const lexeme of new Lexer().lex(text, false)) {
    for (const token of parser.next(lexeme)) tokens.push(token)
    if (++count % STEP === 0) {
      // The parser's stack holds about one entry per open collection: far past the limit, the
      // rest of the text need not be read to know (the exact check is on the tree below).
      if (parser.stack.length > 2 * MAX_SOURCE_DEPTH + 2) throw depthLimit()
      yield
    }
  }
  for (const token of parser.end()) tokens.push(token)
  yield* checkTree(tokens)
  // 'error': errors throw, warnings (an unknown tag) are not printed: the text is a client's.
  const composer = new Composer({ uniqueKeys: false, logLevel: 'error', prettyErrors: false })
  let doc: Document.Parsed | undefined
  for (const composed of composer.compose(tokens, true, text.length)) {
    if (doc) throw new Error('Source contains multiple documents')
    doc = composed
  }
  yield
  if (!doc) return null
  if (doc.errors.length > 0) throw doc.errors[0]
  yield* checkUniqueKeys(doc)
  return doc.toJS({ maxAliasCount: 100 })
}

type Item = { key?: CST.Token | null; value?: CST.Token | null }

/** Depth, keys per mapping and aliases of the syntax tree, walked with a stack of its own. */
function* checkTree(tokens: readonly CST.Token[]): Generator<void, void> {
  const stack: Array<[CST.Token, number]> = tokens.map((token) => [token, 0])
  let aliases = 0
  let seen = 0
  const push = (token: CST.Token | null | undefined, depth: number) => {
    if (token) stack.push([token, depth])
  }
  while (stack.length > 0) {
    if (++seen % STEP === 0) yield
    const [token, depth] = stack.pop()!
    switch (token.type) {
      case 'document':
        push(token.value, depth)
        break
      case 'alias':
        if (++aliases > MAX_SOURCE_ALIASES) throw aliasLimit()
        break
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > MAX_SOURCE_DEPTH) throw depthLimit()
        const mapping = token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{')
        if (mapping && token.items.length > MAX_SOURCE_KEYS) throw keysLimit('YAML')
        for (const item of token.items as readonly Item[]) {
          push(item.key, depth + 1)
          push(item.value, depth + 1)
        }
        break
      }
    }
  }
}

/** Keys repeated within one mapping: an error of the document, as the library's own check says. */
function* checkUniqueKeys(doc: Document.Parsed): Generator<void, void> {
  const stack: unknown[] = [doc.contents]
  let seen = 0
  while (stack.length > 0) {
    if (++seen % STEP === 0) yield
    const node = stack.pop()
    if (isMap(node)) {
      const keys = new Set<unknown>()
      for (const pair of node.items) {
        const key = pair.key
        if (isScalar(key) && !Number.isNaN(key.value)) {
          if (keys.has(key.value)) throw new Error('Map keys must be unique')
          keys.add(key.value)
        }
        stack.push(key, pair.value)
      }
    } else if (isSeq(node)) for (const item of node.items) stack.push(item)
    else if (isPair(node)) stack.push(node.key, node.value)
  }
}
