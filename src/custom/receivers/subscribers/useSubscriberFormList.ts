import type { ReceiverList, Subscriber } from '@contract/receivers';
import { useGetOne, useRecordContext } from 'react-admin';
import { useMatch } from 'react-router-dom';

/**
 * The list a subscriber form belongs to: the edited subscriber's list, or, for a new subscriber, the
 * list whose page opened the panel (/recievers/lists/{id}). Its labels decide the attribute inputs.
 */
export function useSubscriberFormList(): ReceiverList | undefined {
  const subscriber = useRecordContext<Subscriber>();
  const listPage = useMatch('/recievers/lists/:id');
  const listId = subscriber?.listId ?? listPage?.params.id;
  const { data } = useGetOne<ReceiverList>('lists', { id: listId ?? '' }, { enabled: Boolean(listId) });
  return data;
}
