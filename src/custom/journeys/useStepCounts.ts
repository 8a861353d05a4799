import type { Journey, StepCount } from '@contract/journeys';
import { useQuery } from '@tanstack/react-query';
import { pollInterval } from '../../declarative/pollDeclaration';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { journeyPoll } from './journeyPoll';

/**
 * The journey's counts per step. Under the 'journeys' key: every write of a journey (save, publish,
 * 'Nu starten') makes it stale at the data edge (withAfterSave). While people are in the journey the
 * counts are read again (the page's declared poll), up to and including the read that shows nobody
 * left on a step, so the last ones to finish are counted too.
 */
export function useStepCounts(journey: Journey): StepCount[] {
  const dataProvider = useDeclaredDataProvider();
  const { data = [] } = useQuery({
    queryKey: ['journeys', 'steps', journey.id],
    queryFn: async (): Promise<StepCount[]> =>
      (await dataProvider.action('journeys', 'steps', { id: journey.id })).data,
    refetchInterval: (query) =>
      query.state.data?.some((count) => count.now > 0)
        ? journeyPoll.every
        : pollInterval(journeyPoll, [journey]),
  });
  return data;
}
