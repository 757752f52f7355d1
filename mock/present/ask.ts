import { targetOf } from '../model/content/revisions.ts'
import type { MarkdownLibrary } from '../tables/libraries.ts'
import type { Answer, Citation } from '../model/services/ask/answer.ts'
import type { ExcerptBlock } from '../model/services/ask/excerpt.ts'
import type { State } from '../model/state.ts'
import type { AIAnswer } from '../../src/schemas/ask.ts'
import type { Wire } from './wire.ts'
import { contentAppUrl } from './page.ts'

/**
 * An answer as the wire has it: `{ answer: { markdown } | { document }, sources, followupQuestions,
 * query? }`. The markdown is written here (links need the app's URLs); a document is that
 * markdown read back into the shape every `format=document` answer has, so the two never differ.
 */

export interface AnswerOptions {
  format: 'markdown' | 'document'
  details: boolean
}

/** Characters of the question repeated in the answer's first sentence. */
const QUOTED_QUESTION = 100

/** Escapes what markdown would read as syntax inside a line of text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>~|&]/g, '\\$&')
}

/** Escapes a list item's text, which could otherwise start a heading, a quote or another list. */
function escapeItem(text: string): string {
  return escapeMarkdown(text)
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2')
}

function link(label: string, url: string): string {
  return `[${label}](${/[\s()<>]/.test(url) ? `<${encodeURI(url)}>` : url})`
}

function code(syntax: string | undefined, text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${syntax && /^[\w+#.-]+$/.test(syntax) ? syntax : ''}\n${text}\n${fence}`
}

/** Splits prose into sentences, each keeping the space before it, so the pieces join back to the text. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])(?=\s+\S)/)
}

/** A quoted block as pieces of markdown that join into it; each piece ends where the markdown is whole. */
function pieces(excerpt: ExcerptBlock): string[] {
  switch (excerpt.kind) {
    case 'text':
      return sentences(excerpt.text).map(escapeMarkdown)
    case 'list':
      return excerpt.items.map((item, i) => `${i ? '\n' : ''}${excerpt.ordered ? `${i + 1}.` : '-'} ${escapeItem(item)}`)
    case 'code':
      return [code(excerpt.syntax, excerpt.text)]
  }
}

function quotedQuestion(question: string): string {
  const short = question.length > QUOTED_QUESTION ? `${question.slice(0, QUOTED_QUESTION - 1).trimEnd()}…` : question
  return `“${escapeMarkdown(short)}”`
}

/** A block of the answer's markdown, in pieces, with the citation it quotes (-1 for the answer's own words). */
interface Block {
  pieces: string[]
  citation: number
}

/** The answer's markdown, block by block. */
function answerBlocks(state: State, answer: Answer): Block[] {
  const q = quotedQuestion(answer.question)
  const out: Block[] = []
  const say = (citation: number, ...parts: string[]) => out.push({ pieces: parts, citation })
  if (answer.match === 'none') {
    say(-1, `I found nothing about ${q} in the content you can view.`)
    say(-1, answer.followups.length ? 'Try other words, or one of the suggested questions.' : 'Try other words.')
    return out
  }
  say(-1, answer.match === 'all' ? `Here is what I found about ${q}:` : `No page you can view covers all of ${q}; these come closest:`)
  answer.citations.forEach((citation, index) => {
    const page = `${contentAppUrl(state, targetOf(citation.space))}/${citation.page.path}`
    const space = `(${escapeMarkdown(citation.space.title)})`
    if (!citation.sections.length) {
      say(index, `**${link(escapeMarkdown(citation.page.record.title), page)}** ${space}`)
      return
    }
    for (const { section, excerpt } of citation.sections) {
      const anchor = section.anchor ? `#${section.anchor}` : ''
      const title = section.anchor ? `${citation.page.record.title} › ${section.title}` : citation.page.record.title
      const label = `**${link(escapeMarkdown(title), page + anchor)}** ${space}:`
      const [first, ...rest] = excerpt
      // Prose follows its label on the same line; a list or code goes below it.
      if (first?.kind === 'text') say(index, label, ...pieces(first).map((p, i) => (i ? p : ` ${p}`)))
      else {
        say(index, label)
        if (first) say(index, ...pieces(first))
      }
      for (const more of rest) say(index, ...pieces(more))
    }
  })
  return out
}

function source(citation: Citation) {
  return {
    type: 'page',
    reason: citation.reason,
    page: citation.page.record.page,
    revision: citation.view.id,
    space: citation.space.id,
    sections: citation.sections.map((s) => s.section.id),
  }
}

/**
 * The answer as it reads after `blocks` whole blocks and `pieces` pieces of the next, with the
 * sources quoted so far; the follow-up questions come with the complete answer.
 */
function stepOf(
  md: MarkdownLibrary,
  answer: Answer,
  all: Block[],
  blocks: number,
  pieces: number,
  options: AnswerOptions,
): Wire<typeof AIAnswer> {
  const shown = all.slice(0, blocks).map((b) => b.pieces.join(''))
  if (pieces > 0) shown.push(all[blocks]!.pieces.slice(0, pieces).join(''))
  const markdown = shown.join('\n\n')
  const cited = Math.max(-1, ...all.slice(0, pieces > 0 ? blocks + 1 : blocks).map((b) => b.citation)) + 1
  return {
    answer: options.format === 'document' ? { document: md.mdastToDocument(md.parseMarkdown(markdown)) } : { markdown },
    followupQuestions: blocks === all.length ? answer.followups : [],
    sources: answer.citations.slice(0, cited).map(source),
    ...(options.details ? { query: answer.details } : {}),
  }
}

/**
 * The answer as it grows, a sentence, a list item or a code block at a time (the pace an
 * assistant writes at); every state is whole markdown, and the last is the complete answer.
 */
export function presentAnswerSteps(state: State, answer: Answer, options: AnswerOptions): Array<Wire<typeof AIAnswer>> {
  const all = answerBlocks(state, answer)
  const steps: Array<Wire<typeof AIAnswer>> = []
  all.forEach((block, b) => {
    for (let p = 1; p < block.pieces.length; p++) steps.push(stepOf(state.libraries.markdown, answer, all, b, p, options))
    steps.push(stepOf(state.libraries.markdown, answer, all, b + 1, 0, options))
  })
  return steps
}

/** The complete answer. */
export function presentAnswer(state: State, answer: Answer, options: AnswerOptions): Wire<typeof AIAnswer> {
  const all = answerBlocks(state, answer)
  return stepOf(state.libraries.markdown, answer, all, all.length, 0, options)
}
