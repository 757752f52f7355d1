import type { OperationDef } from '../../src/contract/define.ts'
import { operations } from '../../src/contract/index.ts'
import { splitParams } from '../../src/core/request.ts'

/** Every operation of the contract table, so the suites cover operations added later on their own. */
export const allOperations = Object.values(operations) as OperationDef[]

export const opById = (id: string): OperationDef => {
  const op = (operations as Record<string, OperationDef>)[id]
  if (!op) throw new Error(`No operation ${id} in the contract table`)
  return op
}

/** What a raw call answered. */
export interface Answer {
  status: number
  body: unknown
  /** The error message when the answer is an error body. */
  message: string | undefined
}

type FetchLike = (input: Request) => Promise<Response>

/**
 * Calls one operation with flat parameters, split into path, query and body exactly as the SDK
 * splits them, but without the SDK's retries, validation or error classes: these suites look at
 * the raw status.
 */
export async function call(
  fetch: FetchLike,
  baseUrl: string,
  op: OperationDef,
  token: string | undefined,
  params: Record<string, unknown>,
): Promise<Answer> {
  const { path, search, body } = splitParams(op, params)
  const url = new URL(`${baseUrl}/${path}`)
  url.search = search.toString()
  const headers: Record<string, string> = { accept: 'application/json' }
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(
    new Request(url, { method: op.method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
  )
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    // Streams (SSE) and empty bodies stay text.
  }
  const message = (parsed as { error?: { message?: unknown } } | undefined)?.error?.message
  return { status: response.status, body: parsed, message: typeof message === 'string' ? message : undefined }
}

/** The names of an operation's path parameters, in order. */
export const pathParams = (op: OperationDef): string[] => Array.from(op.path.matchAll(/\{(\w+)\}/g), (m) => m[1]!)

/** Whether a status is one of the operation's success statuses. */
export const isSuccess = (op: OperationDef, status: number): boolean => status === op.status || (op.alsoStatus ?? []).includes(status)

/** Fixed-width text table for the suites' summaries. */
export function table(head: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
  const line = (cells: ReadonlyArray<string | number>) =>
    cells.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]!) : String(c).padEnd(widths[i]!))).join('  ')
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}
