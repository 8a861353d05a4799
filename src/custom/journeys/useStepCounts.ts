import type { StepCount } from '@contract/journeys';
import { useQuery } from '@tanstack/react-query';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';

/**
 * The journey's counts per step. Under the 'journeys' key: every write of a journey (save, publish,
 * 'Nu starten') makes it stale at the data edge (withAfterSave), so the counts follow without a refresh here.
 */
export function useStepCounts(journeyId: string): StepCount[] {
  const dataProvider = useDeclaredDataProvider();
  const { data = [] } = useQuery({
    queryKey: ['journeys', 'steps', journeyId],
    queryFn: async (): Promise<StepCount[]> =>
      (await dataProvider.action('journeys', 'steps', { id: journeyId })).data,
  });
  return data;
}
