import type { Capabilities } from '../../base/capabilities.ts'
import { deliveriesOf, recordDelivery, sendWithin } from '../../model/integrations/delivery.ts'
import type { IntegrationEventRecord } from '../../tables/integrations.ts'
import type { State } from '../../model/state.ts'
import { presentEnvironment } from '../../present/environment.ts'
import { Deferred } from '../deferred.ts'

/**
 * `answer`, once the events bound for a development tunnel are delivered, or the bound of
 * {@link sendWithin} (1 s) has passed: the deliveries go out after the lock (a tunnel may call the
 * platform back while it handles an event); the outcomes in by then are written into the events'
 * traces under the lock before the caller gets `answer`. Slower ones go on in the background and
 * are written on their own (`integrations.settled()` waits for them). The control API and builders
 * deliver through the same {@link sendWithin}.
 */
export function afterDeliveries<T>(
  state: State,
  capabilities: Capabilities,
  events: readonly IntegrationEventRecord[],
  answer: T,
): T | Deferred<T> {
  const deliveries = deliveriesOf(state, events, presentEnvironment)
  if (deliveries.length === 0) return answer
  return Deferred.finish(
    () => sendWithin(state, capabilities, deliveries),
    (outcomes, now) => {
      for (const [event, outcome] of outcomes) recordDelivery(now, event, outcome)
      return answer
    },
  )
}
