import { useState } from 'react';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { submissionErrors } from '../../declarative/submissionErrors';

export interface AddBlockTarget {
  publicationId: string;
  publicationTypeId: string;
}

/**
 * The submit of 'Blok toevoegen': adds a block of the chosen repeatable group at the end of the
 * publication and broadcasts 'refreshpublication'. A failed call keeps the panel open with its message.
 */
export function useAddBlock(target: AddBlockTarget, onAdded: () => void) {
  const [create] = useCreate();
  const notify = useNotify();
  const translate = useTranslate();
  const [serverError, setServerError] = useState<string>();

  async function submit(values: { blockType?: string }) {
    setServerError(undefined);
    try {
      await create(
        'publicationBlocks',
        { data: { blockType: values.blockType }, meta: target },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      const errors = submissionErrors(error, ['blockType'], translate('declarative.form.saveFailed'));
      setServerError(errors.root.serverError);
      return errors;
    }
    onAdded();
    notify('app.publications.blocks.added', { type: 'success' });
    return undefined;
  }

  return { submit, serverError };
}
