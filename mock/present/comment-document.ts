import type { MarkdownLibrary } from '../tables/libraries.ts'
import type { DocumentTree } from '../markdown/document.ts'

/**
 * A comment body as a document (`format=document`), in the shape page documents have
 * (mock/markdown/document.ts), so a client renders both with one renderer. Comment
 * bodies carry no block IDs (nothing anchors to them) and their links are URLs.
 */
export type CommentDocument = DocumentTree

/** Parses markdown (CommonMark with GitHub's extensions) into a document. */
export function markdownToDocument(md: MarkdownLibrary, markdown: string): CommentDocument {
  return md.mdastToDocument(md.parseMarkdown(markdown))
}
