/** A parsed result beside the raw response it came from and the request's id. */
export interface WithResponse<T> {
  /** The parsed (and, unless turned off, validated) result. */
  data: T
  /** The raw response: status, headers. Its body has been read. */
  response: Response
  /**
   * The server's id of this request (its `x-request-id` header), to quote when reporting a
   * problem; `undefined` when the server sent none.
   */
  requestId: string | undefined
}

/** What an operation's request gives; the request id is read from the response on demand. */
export type Fetched<T> = Omit<WithResponse<T>, 'requestId'>

/**
 * The promise every operation returns: await it for the parsed result, or call
 * `.withResponse()` for the raw `Response` too (headers, status).
 */
export class APIPromise<T> extends Promise<T> {
  #result: Promise<Fetched<T>> | undefined
  readonly #start: () => Promise<Fetched<T>>

  /** @internal */
  constructor(start: () => Promise<Fetched<T>>) {
    // The executor is unused: results come from #start, run once and on demand.
    super((resolve) => resolve(undefined as T))
    this.#start = start
  }

  /**
   * Derived promises (from `.then`) must be plain promises, not APIPromises.
   * @internal
   */
  static override get [Symbol.species]() {
    return Promise
  }

  #run(): Promise<Fetched<T>> {
    return (this.#result ??= this.#start())
  }

  /** Resolves to the parsed data, the raw `Response` and the request's id (`x-request-id`). */
  withResponse(): Promise<WithResponse<T>> {
    return this.#run().then(({ data, response }) => ({ data, response, requestId: response.headers.get('x-request-id') ?? undefined }))
  }

  /** Resolves to the raw `Response` (its body already read). */
  asResponse(): Promise<Response> {
    return this.#run().then((r) => r.response)
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#run()
      .then((r) => r.data)
      .then(onfulfilled, onrejected)
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected)
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally)
  }
}
