/**
 * The markdown library (loaded on first need, see ../tables/libraries.ts): everything that parses
 * markdown or needs a parsed tree. Import it only through `Libraries`; its types with `import type`.
 * Its file is named for the library: bundlers name the split chunk after it (`markdown-*.js`, what
 * a browser app's network panel shows beside `search-*.js`).
 */
export { parseMarkdown, plainText, walk } from './parse.ts'
export { mdastToDocument } from './document.ts'
export { analyzePage, blockIds } from './page-analysis.ts'
export { pageSections } from './search-sections.ts'
