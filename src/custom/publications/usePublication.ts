import type { Publication } from '@contract/publications';
import { useGetOne } from 'react-admin';
import { useRefreshEvents } from '../../slideover/refreshEvents';

/** The publication of a page by its route id, reloaded whenever 'refreshpublication' is broadcast. */
export function usePublication(id: string | undefined) {
  const query = useGetOne<Publication>('publications', { id: id ?? '' }, { enabled: Boolean(id) });
  useRefreshEvents(['refreshpublication'], () => void query.refetch());
  return query;
}
