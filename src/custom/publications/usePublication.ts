import type { Publication } from '@contract/publications';
import { useGetOne } from 'react-admin';

/** The publication of a page by its route id, read again after every change of it or of its blocks (withAfterSave). */
export function usePublication(id: string | undefined) {
  return useGetOne<Publication>('publications', { id: id ?? '' }, { enabled: Boolean(id) });
}
