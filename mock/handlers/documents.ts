import type { PendingDocuments } from '../present/pending-documents.ts'
import { Deferred } from './deferred.ts'

/**
 * The answer of a read, or, when it holds markdown asked as documents, an answer settled after
 * the state lock is released: converting markdown is the part of a read whose cost grows with
 * what clients wrote (64 KB a comment, 1,000 comments a page, 1 MiB a page's content), so it
 * never holds the lock.
 */
export function withDocuments<T>(pending: PendingDocuments | undefined, result: T): T | Deferred<T> {
  if (!pending || pending.size === 0) return result
  return Deferred.answer(async () => {
    await pending.settle()
    return result
  })
}
