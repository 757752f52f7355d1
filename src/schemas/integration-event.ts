import * as z from 'zod/mini'

/** An event dispatched to an integration (e.g. `installation_setup`) and its outcome. */
export const IntegrationEvent = /*@__PURE__*/ z.looseObject({
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
export interface IntegrationEvent extends z.infer<typeof IntegrationEvent> {}

/** One log line of an integration event's trace. */
export const IntegrationEventLog = /*@__PURE__*/ z.looseObject({
  message: z.optional(z.string()),
  timestamp: z.optional(z.string()),
  level: z.optional(z.string()),
})
export interface IntegrationEventLog extends z.infer<typeof IntegrationEventLog> {}

/** Response of reading one integration event: the event and its trace logs. */
export const IntegrationEventWithTrace = /*@__PURE__*/ z.looseObject({
  event: IntegrationEvent,
  trace: z.optional(z.looseObject({ logs: z.optional(z.array(IntegrationEventLog)) })),
})
export interface IntegrationEventWithTrace extends z.infer<typeof IntegrationEventWithTrace> {}
