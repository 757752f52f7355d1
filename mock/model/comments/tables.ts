/** Tables of the comments area. */
export function createCommentsTables() {
  return {}
}
