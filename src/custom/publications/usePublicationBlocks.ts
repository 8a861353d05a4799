import type { Publication, PublicationBlock } from '@contract/publications';
import { useState } from 'react';
import { useDelete, useGetList, useNotify } from 'react-admin';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { moveBlockTo } from './moveBlock';
import { pageSize } from '@contract/paging';
import { serverMessage } from '../../dataProvider/serverMessage';

/**
 * A publication's blocks in order, with their removal and reordering. A move shows at once and is
 * then saved; a failed save reloads the order the server has and shows its message. The blocks read
 * again after every change of them or of the publication (withAfterSave).
 */
export function usePublicationBlocks(publication: Publication, enabled = true) {
  const publicationId = String(publication.id);
  const meta = { publicationId };
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const [deleteBlock] = useDelete<PublicationBlock>();
  // A moved order, shown until the server's answer replaces the data it was made from.
  const [moved, setMoved] = useState<{ from: PublicationBlock[] | undefined; blocks: PublicationBlock[] }>();
  const [busy, setBusy] = useState(false);

  const query = useGetList<PublicationBlock>(
    'publicationBlocks',
    {
      filter: meta,
      pagination: { page: 1, perPage: pageSize },
      sort: { field: '', order: 'ASC' },
    },
    { enabled },
  );

  const blocks = (moved && moved.from === query.data ? moved.blocks : query.data) ?? [];

  async function run(change: () => Promise<unknown>) {
    setBusy(true);
    try {
      await change();
    } catch (error) {
      setMoved(undefined);
      notify(serverMessage(error, 'app.publications.blocks.save_failed'), {
        type: 'error',
      });
      void query.refetch();
    } finally {
      setBusy(false);
    }
  }

  /** The arrow buttons: one place up or down. */
  function move(index: number, offset: -1 | 1) {
    return moveTo(index, index + offset);
  }

  /** A drag and drop (by pointer or keyboard): from one place to another. */
  function moveTo(from: number, to: number) {
    if (from === to) return Promise.resolve();
    const blockIds = moveBlockTo(
      blocks.map((block) => String(block.id)),
      from,
      to,
    );
    const byId = new Map(blocks.map((block) => [String(block.id), block]));
    setMoved({ from: query.data, blocks: blockIds.map((id) => byId.get(id) as PublicationBlock) });
    return run(() => dataProvider.action('publicationBlocks', 'reorder', { meta, data: { blockIds } }));
  }

  function remove(block: PublicationBlock) {
    return run(() =>
      deleteBlock(
        'publicationBlocks',
        { id: block.id, previousData: block, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      ),
    );
  }

  return {
    blocks,
    isPending: query.isPending,
    error: query.error,
    retry: () => void query.refetch(),
    busy: busy || query.isFetching,
    move,
    moveTo,
    remove,
  };
}
