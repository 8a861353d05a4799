import type { ListImport } from '@contract/listImports';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useGetOne } from 'react-admin';
import { broadcastRefresh } from '../../../slideover/refreshEvents';

/** How often a running import's progress is read. */
const pollMilliseconds = 1000;

/**
 * One import of the list, read again every second while it runs. When it ends, the list's count, its
 * subscribers and the audiences are read again wherever they show (refresh events, spec §4).
 */
export function useListImport(listId: string, importId: string) {
  const queryClient = useQueryClient();
  const read = useGetOne<ListImport>(
    'listImports',
    { id: importId, meta: { listId } },
    {
      refetchInterval: (query) =>
        (query.state.data as ListImport | undefined)?.status === 'Bezig' ? pollMilliseconds : false,
    },
  );
  const status = read.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    // Also when the first read already finds it ended (a small file is done before the first poll).
    if (status && status !== 'Bezig' && previous.current !== status) {
      for (const resource of ['lists', 'subscribers', 'audiences', 'listImports'])
        void queryClient.invalidateQueries({ queryKey: [resource] });
      broadcastRefresh(['refreshlist', 'refreshlists', 'refreshSubscribers', 'refreshaudience']);
    }
    previous.current = status;
  }, [queryClient, status]);
  return read;
}
