import type { Unsubscriber } from '@contract/receivers';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { readSession } from '../../../authProvider/session';
import type { DeclaredDataProvider } from '../../../dataProvider/declaredDataProvider';
import { submissionErrors } from '../../../declarative/submissionErrors';
import { useSlideOver } from '../../../slideover/SlideOverContext';

/**
 * The submit of the removal panel: DELETE /unsubscribers/{id} with the reason and who removes it (the
 * signed-in user). On success the panel closes and the unsubscribers (and what they influence) reload;
 * on failure the panel stays open with the reason and the server's message.
 */
export function useRemoveUnsubscriber(unsubscriber: Unsubscriber) {
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const { close } = useSlideOver();
  const [serverError, setServerError] = useState<string>();

  async function submit(values: Record<string, unknown>) {
    setServerError(undefined);
    const session = readSession();
    const removedBy = session.userEmail ?? session.userName;
    try {
      await dataProvider.action('unsubscribers', 'remove', {
        id: unsubscriber.id,
        data: { reason: String(values.reason ?? '').trim(), removedBy },
      });
    } catch (error) {
      const errors = submissionErrors(error, ['reason'], translate('declarative.form.saveFailed'));
      setServerError(errors.root.serverError);
      return errors;
    }
    close();
    notify('app.receivers.unsubscribers.removed', { type: 'success' });
    return undefined;
  }

  return { submit, serverError };
}
