import type * as z from 'zod/mini'
import type { ObjectSchema, OperationDef } from '../../src/contract/define.ts'
import type { Caller } from '../model/access.ts'
import type { State } from '../model/state.ts'
import type { Capabilities } from '../base/capabilities.ts'
import type { Wire } from '../present/wire.ts'
import type { Deferred } from './deferred.ts'

type Out<S> = S extends ObjectSchema ? z.output<S> : unknown

/** The parsed input of an operation: path, query and body fields in one flat object. */
export type Input<D extends OperationDef> = {
  [K in keyof (Out<D['params']> & Out<D['query']> & Out<D['body']>)]: (Out<D['params']> & Out<D['query']> & Out<D['body']>)[K]
}

/** What a handler gets: parsed input, the authenticated caller, the state and the platform's capabilities. */
export interface Context<D extends OperationDef> {
  input: Input<D>
  caller: Caller
  state: State
  capabilities: Capabilities
  /**
   * How many times the operation asked to prepare ({@link Deferred.prepare}) before this run (none
   * on the first). Most operations ask once, and finish under the lock on the run after; an answer
   * asks for its search index, its searches, then the pages they find (`MAX_PREPARES` times at most).
   */
  prepared?: number
}

/** A reply with a status other than the operation's usual one (e.g. 201 when a PUT creates). */
export class Reply<B = unknown> {
  readonly status: number
  readonly body: B
  readonly headers: Record<string, string>

  constructor(status: number, body: B, headers: Record<string, string> = {}) {
    this.status = status
    this.body = body
    this.headers = headers
  }
}

/** A Server-Sent Events reply: each value becomes one `data:` event. */
export class EventStream<E = unknown> {
  readonly events: AsyncIterable<E> | Iterable<E>
  constructor(events: AsyncIterable<E> | Iterable<E>) {
    this.events = events
  }
}

/**
 * The wire body an operation answers with (the model's result, already presented): its response
 * schema's type, so the compiler checks every handler's result against the contract. Streams
 * answer with an `EventStream`.
 */
export type Result<D extends OperationDef> = D['response'] extends z.ZodMiniType
  ? D['stream'] extends true
    ? EventStream<Wire<D['response']>>
    : Wire<D['response']>
  : void

/** An operation's answer: its result, or the same body with another success status. */
export type Answer<D extends OperationDef> = Result<D> | Reply<Result<D>>

/**
 * A thin HTTP adapter: authorize, call the model, present. A `Reply` (another success status)
 * carries the same body type; a {@link Deferred} (work finished after the state lock) comes back
 * as that same answer.
 */
export type Handler<D extends OperationDef> = (
  ctx: Context<D>,
) => Answer<D> | Deferred<Answer<D>> | Promise<Answer<D> | Deferred<Answer<D>>>

/** Handlers of a set of operations, checked by the compiler to cover every one. */
export type Handlers<Ops extends Record<string, OperationDef>> = { [K in keyof Ops]: Handler<Ops[K]> }

/** The operations a contract module declares (its other exports left out). */
export type OpsOf<M> = { [K in keyof M as M[K] extends OperationDef ? K : never]: Extract<M[K], OperationDef> }
