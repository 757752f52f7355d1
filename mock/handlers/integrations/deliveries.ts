import { AFTER_WAIT_MS, type Capabilities } from '../../base/capabilities.ts'
import { deliveriesOf, recordDelivery, send, type DeliveryOutcome } from '../../model/integrations/delivery.ts'
import type { IntegrationEventRecord } from '../../model/integrations/tables.ts'
import type { State } from '../../model/state.ts'
import { presentEnvironment } from '../../present/environment.ts'
import { Deferred } from '../deferred.ts'

/**
 * `answer`, once the events bound for a development tunnel are delivered, or {@link AFTER_WAIT_MS}
 * has passed. They are sent together outside the state lock (a tunnel may call the platform back
 * while it handles an event); the outcomes in by then are written into the events' traces under
 * the lock before the caller gets `answer`. A delivery still under way goes on in the background
 * (its own 10 s deadline) and writes its outcome as an operation of its own, under the lock, never
 * inside another request's transaction; `integrations.settled()` waits for it.
 */
export function afterDeliveries<T>(
  state: State,
  capabilities: Capabilities,
  events: readonly IntegrationEventRecord[],
  answer: T,
): T | Deferred<T> {
  const deliveries = deliveriesOf(state, events, presentEnvironment)
  if (deliveries.length === 0) return answer
  const { fetch, commit, keep } = capabilities
  return Deferred.finish(
    async () => {
      const outcomes = new Map<IntegrationEventRecord, DeliveryOutcome>()
      let answered = false
      const running = deliveries.map(async (delivery) => {
        const outcome = await send(fetch, delivery)
        // In time, the answer's last step writes it; later, it is written on its own.
        if (!answered) outcomes.set(delivery.event, outcome)
        else await commit(() => recordDelivery(state, delivery.event, outcome))
      })
      for (const delivery of running) keep(delivery)
      // The answer waits a little, so a quick tunnel's outcome shows in it; a stuck one goes on alone.
      let timer: ReturnType<typeof setTimeout> | undefined
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, AFTER_WAIT_MS)))
      await Promise.race([Promise.all(running), bound]).finally(() => clearTimeout(timer))
      answered = true
      return outcomes
    },
    (outcomes, now) => {
      for (const [event, outcome] of outcomes) recordDelivery(now, event, outcome)
      return answer
    },
  )
}
