import type { Journey, StepCount } from '@contract/journeys';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';

/**
 * The journey's counts per step, a declared read of the journey (every write of it makes them stale at
 * the data edge; the action's declared poll reads them again while someone is on a step). The journey's
 * own record is polled while people are in it: a change in its number of people is part of the read's
 * values, so the counts follow at once, up to the read that shows nobody left.
 */
export function useStepCounts(journey: Journey): StepCount[] {
  const { data = [] } = useDeclaredQuery(
    'journeys',
    'steps',
    { id: journey.id, meta: { activePeople: journey.activePeople } },
    { keepPrevious: true },
  );
  return data;
}
