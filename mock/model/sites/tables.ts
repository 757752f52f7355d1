/** Tables of the sites area. */
export function createSitesTables() {
  return {}
}
