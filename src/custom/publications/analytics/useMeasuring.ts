import type { PublicationMeasuring } from '@contract/analytics';
import { useDeclaredQuery } from '../../../declarative/useDeclaredQuery';

export type Measuring = PublicationMeasuring;

/** The publication's 'Meten': its own choice, the environment's and the mode that applies. */
export function useMeasuring(publicationId: string, enabled = true) {
  return useDeclaredQuery('publications', 'measuring', { id: publicationId }, { enabled });
}
