/** The embedded user lives in shared.ts; re-exported here so it can be imported by resource name. */
export { User } from './shared.ts'
