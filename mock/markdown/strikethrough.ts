import type MarkdownIt from 'markdown-it'

type StateInline = Parameters<MarkdownIt['inline']['tokenize']>[0]
type Delimiter = StateInline['delimiters'][number]

const TILDE = 0x7e
/** Single tildes get a marker of their own, so a `~` only closes a `~` and a `~~` a `~~`. */
const SINGLE_TILDE = 0x7e + 0x10000

/**
 * GitHub's strikethrough: a run of one or two tildes (`~a~`, `~~a~~`), closed by a run of the same
 * length; three or more are text. markdown-it's own rule knows only `~~`; this one replaces it
 * (same flanking rules, from markdown-it's `scanDelims`).
 */
export function strikethrough(md: MarkdownIt): void {
  md.inline.ruler.at('strikethrough', tokenize)
  md.inline.ruler2.at('strikethrough', (state) => {
    postProcess(state, state.delimiters)
    for (const meta of state.tokens_meta) if (meta?.delimiters) postProcess(state, meta.delimiters)
    return true
  })
}

function tokenize(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== TILDE) return false
  const scanned = state.scanDelims(state.pos, true)
  const token = state.push('text', '', 0)
  token.content = '~'.repeat(scanned.length)
  if (scanned.length <= 2) {
    state.delimiters.push({
      marker: scanned.length === 2 ? TILDE : SINGLE_TILDE,
      length: 0, // no "rule of 3", which is for emphasis
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    } as Delimiter)
  }
  state.pos += scanned.length
  return true
}

function postProcess(state: StateInline, delimiters: readonly Delimiter[]): void {
  for (const start of delimiters) {
    if ((start.marker !== TILDE && start.marker !== SINGLE_TILDE) || start.end === -1) continue
    const end = delimiters[start.end]!
    const markup = start.marker === TILDE ? '~~' : '~'
    Object.assign(state.tokens[start.token]!, { type: 's_open', tag: 's', nesting: 1, markup, content: '' })
    Object.assign(state.tokens[end.token]!, { type: 's_close', tag: 's', nesting: -1, markup, content: '' })
  }
}
