import { mdastToDocument, type DocNode, type DocumentTree } from '../model/markdown/document.ts'
import { parseMarkdown } from '../model/markdown/parse.ts'

/**
 * A comment body as a document (`format=document`), in the shape page documents have
 * (mock/model/markdown/document.ts), so a client renders both with one renderer. Comment
 * bodies carry no block IDs (nothing anchors to them) and their links are URLs.
 */
export type DocumentNode = DocNode
export type CommentDocument = DocumentTree

/** Parses markdown (CommonMark with GitHub's extensions) into a document. */
export function markdownToDocument(markdown: string): CommentDocument {
  return mdastToDocument(parseMarkdown(markdown))
}
