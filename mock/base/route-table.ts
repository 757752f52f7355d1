import type { OperationDef } from '../../src/contract/define.ts'

/** What the table routes: an operation of the contract, or a control route (mock/control/routes.ts). */
export interface Routable {
  method: string
  path: string
}

interface Route<R extends Routable> {
  op: R
  segments: readonly string[]
  /** Positions of `{param}` segments and their names. */
  names: ReadonlyArray<[number, string]>
  statics: number
}

/** What matching a path against the table found. */
export type RouteMatch<R extends Routable = OperationDef> =
  | { kind: 'found'; op: R; params: Record<string, string> }
  | { kind: 'method'; allow: string[] }
  | { kind: 'none' }

/**
 * The mock's own router over a route list (the contract's operations, and the control plane's
 * routes): routes grouped by segment count, static segments winning over parameters. MSW would
 * try 136 handlers in order; this looks at a handful.
 */
export class RouteTable<R extends Routable = OperationDef> {
  readonly #routes = new Map<number, Route<R>[]>()

  constructor(ops: Iterable<R>) {
    for (const op of ops) {
      const segments = op.path.split('/').slice(1)
      // A route written with a trailing slash (the inspector's `/_docplat/`) matches as paths do: without it.
      if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop()
      const names: Array<[number, string]> = []
      segments.forEach((s, i) => {
        const m = /^\{(\w+)\}$/.exec(s)
        if (m) names.push([i, m[1]!])
      })
      const route: Route<R> = { op, segments, names, statics: segments.length - names.length }
      const list = this.#routes.get(segments.length) ?? []
      list.push(route)
      list.sort((a, b) => b.statics - a.statics)
      this.#routes.set(segments.length, list)
    }
  }

  /** Matches a decoded-later pathname (`/v1/spaces/abc`); parameter values are returned raw (still encoded). */
  match(method: string, pathname: string): RouteMatch<R> {
    const parts = pathname.split('/').slice(1)
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop()
    const allow: string[] = []
    for (const route of this.#routes.get(parts.length) ?? []) {
      if (!fits(route, parts)) continue
      if (route.op.method !== method) {
        allow.push(route.op.method)
        continue
      }
      const params: Record<string, string> = {}
      for (const [i, name] of route.names) params[name] = parts[i]!
      return { kind: 'found', op: route.op, params }
    }
    return allow.length ? { kind: 'method', allow } : { kind: 'none' }
  }
}

/** Whether a path's parts fit a route: its static segments equal, its parameters not empty. */
function fits(route: Route<Routable>, parts: readonly string[]): boolean {
  const { segments } = route
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!
    if (s.charCodeAt(0) === 123 /* { */ ? parts[i] === '' : s !== parts[i]) return false
  }
  return true
}

const built = new WeakMap<object, RouteTable<Routable>>()

/** The route table of an operation list, built once per list: every platform of a process routes the same contract. */
export function routeTableFor<R extends Routable = OperationDef>(ops: Iterable<R>): RouteTable<R> {
  let table = built.get(ops) as RouteTable<R> | undefined
  if (!table) built.set(ops, (table = new RouteTable(ops)))
  return table
}
