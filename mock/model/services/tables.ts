/** Tables of the services area. */
export function createServicesTables() {
  return {}
}
