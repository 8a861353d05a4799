import { useCreate, useNotify } from 'react-admin';
import { useSubmitWithServerError } from '../../declarative/useSubmitWithServerError';

export interface AddBlockTarget {
  publicationId: string;
  publicationTypeId: string;
}

/**
 * The submit of 'Blok toevoegen': adds a block of the chosen repeatable group at the end of the
 * publication (the dataProvider broadcasts 'refreshpublication'). A failed call keeps the panel open
 * with its message.
 */
export function useAddBlock(target: AddBlockTarget, onAdded: () => void) {
  const [create] = useCreate();
  const notify = useNotify();
  return useSubmitWithServerError(
    (values) =>
      create(
        'publicationBlocks',
        { data: { blockType: values.blockType }, meta: target },
        { mutationMode: 'pessimistic', returnPromise: true },
      ),
    ['blockType'],
    () => {
      onAdded();
      notify('app.publications.blocks.added', { type: 'success' });
    },
  );
}
