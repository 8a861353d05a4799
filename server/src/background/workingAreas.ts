import type { AppConfig } from '../config';
import type { OpenDatabase } from '../db/client';
import { openDelivery } from '../delivery/delivery';
import { createJourneyEngine } from '../journeys/engine';
import { journeyClock } from '../journeys/journeyClock';
import type { BackgroundContext } from './duties';

/**
 * What the duties and the request path share of the areas that work in the background, opened the same
 * way by the server and the worker: the delivery queue (the caller closes it after the duties stopped)
 * and the journey engine (its clock and one tick), which queues its sends on that queue.
 */
export async function openWorkingAreas(
  config: AppConfig,
  database: OpenDatabase,
): Promise<Pick<BackgroundContext, 'delivery' | 'journeys'>> {
  const delivery = await openDelivery(database);
  const journeys = createJourneyEngine({
    db: database.db,
    clock: journeyClock(),
    enqueueDelivery: (jobId) => delivery.enqueue(jobId),
    batchSize: config.journeys.batchSize,
  });
  return { delivery, journeys };
}
