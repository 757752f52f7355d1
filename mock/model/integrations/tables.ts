/** Tables of the integrations area. */
export function createIntegrationsTables() {
  return {}
}
