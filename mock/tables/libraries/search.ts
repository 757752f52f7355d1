/** The search library (loaded on first need, see ../libraries.ts): MiniSearch. */
export { default as MiniSearch } from 'minisearch'
export { CompactMiniSearch, DistinctWords } from './compact-minisearch.ts'
