/**
 * Bundled in place of markdown-it's `lib/renderer.mjs` (build/aliases.ts, `markdownItStubs`): the
 * mock turns tokens into its own trees and never renders HTML. Plugins may still fill the rule
 * table (markdown-it-footnote does); rendering says it is not bundled rather than misbehave.
 */
const unused = (): never => {
  throw new Error('Not bundled with the mock: markdown-it renders no HTML here (mock/markdown/parsers.ts)')
}

export default class Renderer {
  rules: Record<string, unknown> = {}
  render = unused
  renderInline = unused
  renderToken = unused
}
