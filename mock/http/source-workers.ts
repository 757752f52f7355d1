import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { HttpError } from '../base/http-error.ts'
import type { SourceReading } from '../base/source-limits.ts'

/** How many sources may wait for the worker while it reads one; more are refused (429). */
export const MAX_QUEUED_SOURCES = 8
/** The heap a worker may use (old space, MiB): a source that needs more fails alone, with a 400. */
const WORKER_HEAP_MB = 256

interface Job {
  text: string
  resolve(reading: SourceReading): void
  reject(error: unknown): void
}

/**
 * Where the worker's module is: beside this one in the sources, and in the build
 * `dist/mock/source-worker.js`, above whichever chunk this code ended up in.
 */
function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  if (existsSync(join(here, 'source-worker.ts'))) return join(here, 'source-worker.ts')
  let dir = here
  for (let i = 0; i < 4; i++) {
    for (const candidate of [join(dir, 'mock', 'source-worker.js'), join(dir, 'source-worker.js')])
      if (existsSync(candidate)) return candidate
    dir = dirname(dir)
  }
  throw new Error('The OpenAPI source worker is missing from this installation of docplat')
}

/**
 * A Node server's reader of OpenAPI sources on a worker thread, so parsing a large or hostile
 * source never holds the event loop (docs/decisions/services.md, "Where sources are parsed"): one
 * worker, started on first need and never keeping the process alive, reading one source at a
 * time with at most {@link MAX_QUEUED_SOURCES} waiting, and ended when the server closes. A
 * worker that fails (out of its heap, a crash) fails that source with a 400 and is started
 * again for the next.
 */
export class SourceWorkers {
  #worker: Worker | undefined
  #running: Job | undefined
  readonly #queue: Job[] = []
  #closed = false

  /** Reads a source's text on the worker: what `PlainRequest.readSource` lends the platform. */
  readonly read = (text: string): Promise<SourceReading> => {
    if (this.#closed) return Promise.reject(new HttpError(503, 'The server is stopping'))
    if (this.#queue.length >= MAX_QUEUED_SOURCES)
      return Promise.reject(
        new HttpError(429, `Too many OpenAPI sources are waiting to be read (at most ${MAX_QUEUED_SOURCES}): try again shortly`, {
          'retry-after': '1',
        }),
      )
    return new Promise<SourceReading>((resolve, reject) => {
      this.#queue.push({ text, resolve, reject })
      this.#next()
    })
  }

  /** Ends the worker; sources still waiting are refused (503). */
  close(): void {
    this.#closed = true
    const stopping = new HttpError(503, 'The server is stopping')
    for (const job of this.#queue.splice(0)) job.reject(stopping)
    this.#running?.reject(stopping)
    this.#running = undefined
    void this.#worker?.terminate()
    this.#worker = undefined
  }

  #next(): void {
    if (this.#running || this.#closed) return
    const job = this.#queue.shift()
    if (!job) return
    this.#running = job
    this.#start().postMessage(job.text)
  }

  #start(): Worker {
    if (this.#worker) return this.#worker
    const worker = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    // An idle worker must never keep a process alive; one at work is held by its request.
    worker.unref()
    worker.on('message', (reading: SourceReading) => this.#settle((job) => job.resolve(reading)))
    const failed = (why: string) => {
      if (this.#worker !== worker) return
      this.#worker = undefined
      void worker.terminate()
      this.#settle((job) => job.resolve({ ok: false, limit: `the source could not be read (${why})` }))
    }
    worker.on('error', (error: Error & { code?: string }) =>
      failed(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `it needs more than the ${WORKER_HEAP_MB} MiB of memory a source may take`
          : 'the parser failed',
      ),
    )
    worker.on('exit', () => failed('the parser stopped'))
    this.#worker = worker
    return worker
  }

  #settle(settle: (job: Job) => void): void {
    const job = this.#running
    this.#running = undefined
    if (job) settle(job)
    this.#next()
  }
}
