import * as z from 'zod/mini'
import type { IntegrationEventShape, IntegrationEventLogShape, IntegrationEventWithTraceShape } from '../generated/shapes.ts'

/** An event dispatched to an integration (e.g. `installation_setup`) and its outcome. */
export const IntegrationEvent = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.literal('integration-event')),
  id: /*@__PURE__*/ z.string(),
  integrationId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  installationId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  payload: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      eventId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      installationId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      previous: /*@__PURE__*/ z.optional(
        /*@__PURE__*/ z.looseObject({
          status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
          configuration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.unknown())),
        }),
      ),
    }),
  ),
  status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface IntegrationEvent extends IntegrationEventShape {}

/** One log line of an integration event's trace. */
export const IntegrationEventLog = /*@__PURE__*/ z.looseObject({
  message: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  timestamp: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  level: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface IntegrationEventLog extends IntegrationEventLogShape {}

/** Response of reading one integration event: the event and its trace logs. */
export const IntegrationEventWithTrace = /*@__PURE__*/ z.looseObject({
  event: IntegrationEvent,
  trace: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ logs: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(IntegrationEventLog)) })),
})
export interface IntegrationEventWithTrace extends IntegrationEventWithTraceShape {}
