/**
 * The markdown library (loaded on first need, see ../libraries.ts): everything that parses
 * markdown or needs a parsed tree. Import it only through `Libraries`; its types with `import type`.
 */
export { parseMarkdown, plainText, walk } from '../markdown/parse.ts'
export { mdastToDocument } from '../markdown/document.ts'
export { analyzePage, blockIds } from '../content/markdown.ts'
export { pageSections } from '../content/search-sections.ts'
