import * as z from 'zod/mini'
import type { IntegrationEventShape, IntegrationEventLogShape, IntegrationEventWithTraceShape } from '../generated/shapes.ts'

/** An event dispatched to an integration (e.g. `installation_setup`) and its outcome. */
export const IntegrationEvent = z.looseObject({
  object: z.optional(z.literal('integration-event')),
  id: z.string(),
  integrationId: z.optional(z.string()),
  installationId: z.optional(z.string()),
  createdAt: z.optional(z.string()),
  payload: z.optional(
    z.looseObject({
      eventId: z.optional(z.string()),
      type: z.optional(z.string()),
      installationId: z.optional(z.string()),
      status: z.optional(z.string()),
      previous: z.optional(
        z.looseObject({
          status: z.optional(z.string()),
          configuration: z.optional(z.record(z.string(), z.unknown())),
        }),
      ),
    }),
  ),
  status: z.optional(z.string()),
})
export interface IntegrationEvent extends IntegrationEventShape {}

/** One log line of an integration event's trace. */
export const IntegrationEventLog = z.looseObject({
  message: z.optional(z.string()),
  timestamp: z.optional(z.string()),
  level: z.optional(z.string()),
})
export interface IntegrationEventLog extends IntegrationEventLogShape {}

/** Response of reading one integration event: the event and its trace logs. */
export const IntegrationEventWithTrace = z.looseObject({
  event: IntegrationEvent,
  trace: z.optional(z.looseObject({ logs: z.optional(z.array(IntegrationEventLog)) })),
})
export interface IntegrationEventWithTrace extends IntegrationEventWithTraceShape {}
