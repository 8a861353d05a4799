import type { PublicationMeasuring } from '@contract/analytics';
import { useQuery } from '@tanstack/react-query';
import { useDeclaredDataProvider } from '../../../resources/useDeclaredDataProvider';

export type Measuring = PublicationMeasuring;

export const measuringKey = (publicationId: string) => ['publicationMeasuring', publicationId];

/** The publication's 'Meten': its own choice, the environment's and the mode that applies. */
export function useMeasuring(publicationId: string, enabled = true) {
  const dataProvider = useDeclaredDataProvider();
  return useQuery({
    queryKey: measuringKey(publicationId),
    enabled,
    queryFn: async ({ signal }) =>
      (await dataProvider.action('publications', 'measuring', { id: publicationId, signal })).data,
  });
}
