import type { ReceiverList } from '@contract/receivers';
import { useGetOne } from 'react-admin';
import { useRefreshEvents } from '../../../slideover/refreshEvents';

/** One list (also when deleted), reloaded when a save announces 'refreshlist' or 'refreshlists'. */
export function useReceiverList(listId: string | undefined) {
  const result = useGetOne<ReceiverList>('lists', { id: listId ?? '' }, { enabled: Boolean(listId) });
  useRefreshEvents(['refreshlist', 'refreshlists'], () => void result.refetch());
  return result;
}
