import type { AudienceDetail } from '@contract/receivers';
import { useGetOne } from 'react-admin';
import { useRefreshEvents } from '../../../slideover/refreshEvents';

// A meta of its own keeps this read apart from the rows getList caches per id (they lack lists and count).
const detailMeta = { detail: true };

/**
 * One audience with its lists, their filters and the recipient count; reloaded when the audience or
 * anything it counts (lists, subscribers, unsubscribers) announces a change.
 */
export function useAudienceDetail(audienceId: string | undefined) {
  const result = useGetOne<AudienceDetail>(
    'audiences',
    { id: audienceId ?? '', meta: detailMeta },
    { enabled: Boolean(audienceId) },
  );
  useRefreshEvents(['refreshaudience', 'refreshlists', 'refreshSubscribers', 'refreshUnsubscribers'], () => {
    void result.refetch();
  });
  return result;
}
