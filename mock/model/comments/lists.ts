import type { State } from '../state.ts'
import type { CommentRecord } from '../../tables/comments.ts'
import { keyOfThread, type Thread } from './thread.ts'

/** The filters of a comment list. */
export interface CommentFilters {
  status?: 'all' | 'open' | 'resolved' | undefined
  /** Page ID. */
  targetPage?: string | undefined
  /** User IDs: comments by any of them. */
  authors?: readonly string[] | undefined
}

/**
 * The comments of a thread matching the filters, oldest first. Each filter has its maintained
 * index; with one filter (or none) the answer is that index itself, so a page costs a binary
 * search. With several, the smallest candidate list is filtered by the others.
 */
export function listComments(state: State, thread: Thread, filters: CommentFilters): readonly CommentRecord[] {
  const key = keyOfThread(thread)
  const db = state.indexes
  const status = filters.status === 'all' ? undefined : filters.status
  const authors = filters.authors ? [...new Set(filters.authors)] : undefined
  const candidates: Array<readonly CommentRecord[]> = []
  if (status) candidates.push(db.commentsByThreadStatus.get(`${key}|${status}`))
  if (filters.targetPage !== undefined) candidates.push(db.commentsByThreadPage.get(`${key}|page:${filters.targetPage}`))
  if (authors) candidates.push(byAuthors(state, key, authors))
  if (candidates.length === 0) return db.commentsByThread.get(key)
  const smallest = candidates.reduce((a, b) => (b.length < a.length ? b : a))
  if (candidates.length === 1) return smallest
  const wanted = authors && new Set(authors)
  return smallest.filter(
    (c) =>
      (!status || c.status === status) &&
      (filters.targetPage === undefined || c.page === filters.targetPage) &&
      (!wanted || wanted.has(c.postedBy)),
  )
}

/**
 * Comments by any of the authors. A few authors' lists are merged pairwise (O(n log k)); when
 * they hold much of the thread anyway, filtering the thread's own list is cheaper.
 */
function byAuthors(state: State, key: string, authors: readonly string[]): readonly CommentRecord[] {
  let lists: Array<readonly CommentRecord[]> = authors
    .map((a) => state.indexes.commentsByThreadAuthor.get(`${key}|by:${a}`))
    .filter((l) => l.length > 0)
  const total = lists.reduce((n, l) => n + l.length, 0)
  const thread = state.indexes.commentsByThread.get(key)
  if (lists.length > 1 && total * 4 > thread.length) {
    const wanted = new Set(authors)
    return thread.filter((c) => wanted.has(c.postedBy))
  }
  if (lists.length === 0) return []
  while (lists.length > 1) {
    const next: Array<readonly CommentRecord[]> = []
    for (let i = 0; i < lists.length; i += 2) next.push(i + 1 < lists.length ? merge(lists[i]!, lists[i + 1]!) : lists[i]!)
    lists = next
  }
  return lists[0]!
}

/** Whether `a` comes before `b` in posting order (the indexes' order), without allocating keys. */
function before(a: CommentRecord, b: CommentRecord): boolean {
  const x = Date.parse(a.postedAt)
  const y = Date.parse(b.postedAt)
  return x < y || (x === y && a.seq < b.seq)
}

function merge(a: readonly CommentRecord[], b: readonly CommentRecord[]): CommentRecord[] {
  const out: CommentRecord[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) out.push(before(a[i]!, b[j]!) ? a[i++]! : b[j++]!)
  while (i < a.length) out.push(a[i++]!)
  while (j < b.length) out.push(b[j++]!)
  return out
}
