import { deliveriesOf, recordDelivery, send, type DeliveryOutcome, type Fetch } from '../../model/integrations/delivery.ts'
import type { IntegrationEventRecord } from '../../model/integrations/tables.ts'
import type { State } from '../../model/state.ts'
import { Deferred } from '../deferred.ts'

/**
 * `answer`, once the events bound for a development tunnel are delivered: sent one after the other
 * outside the state lock (a tunnel may call the platform back while it handles an event), their
 * outcomes then written into the events' traces under the lock, before the caller gets `answer`.
 */
export function afterDeliveries<T>(state: State, fetch: Fetch, events: readonly IntegrationEventRecord[], answer: T): T | Deferred<T> {
  const deliveries = deliveriesOf(state, events)
  if (deliveries.length === 0) return answer
  return Deferred.finish(
    async () => {
      const outcomes: DeliveryOutcome[] = []
      for (const delivery of deliveries) outcomes.push(await send(fetch, delivery))
      return outcomes
    },
    (outcomes, now) => {
      for (const [i, delivery] of deliveries.entries()) recordDelivery(now, delivery.event, outcomes[i]!)
      return answer
    },
  )
}
