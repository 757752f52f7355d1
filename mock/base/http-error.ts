/**
 * A failure the client caused (or a fault injected on purpose). The core turns it into
 * `{ error: { code, message } }` with the status; nothing the model did before throwing is kept
 * (the operation's transaction is rolled back: mock/model/transaction.ts).
 */
export class HttpError extends Error {
  readonly status: number
  readonly headers: Record<string, string>

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.headers = headers
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Missing or invalid bearer token in the Authorization header') => new HttpError(401, message)
export const forbidden = (message: string) => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
