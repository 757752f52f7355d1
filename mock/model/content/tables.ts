/** Tables of the content area. */
export function createContentTables() {
  return {}
}
