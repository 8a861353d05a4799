import type { Unsubscriber } from '@contract/receivers';
import { useDataProvider, useNotify } from 'react-admin';
import { readSession } from '../../../authProvider/session';
import type { DeclaredDataProvider } from '../../../dataProvider/declaredDataProvider';
import { useSubmitWithServerError } from '../../../declarative/useSubmitWithServerError';
import { useSlideOver } from '../../../slideover/SlideOverContext';

/**
 * The submit of the removal panel: DELETE /unsubscribers/{id} with the reason and who removes it (the
 * signed-in user). On success the panel closes (the dataProvider reloads the unsubscribers and what they
 * influence); on failure the panel stays open with the reason and the server's message.
 */
export function useRemoveUnsubscriber(unsubscriber: Unsubscriber) {
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const notify = useNotify();
  const { close } = useSlideOver();

  return useSubmitWithServerError(
    (values) => {
      const session = readSession();
      return dataProvider.action('unsubscribers', 'remove', {
        id: unsubscriber.id,
        data: {
          reason: String(values.reason ?? '').trim(),
          removedBy: session.userEmail ?? session.userName,
        },
      });
    },
    ['reason'],
    () => {
      close();
      notify('app.receivers.unsubscribers.removed', { type: 'success' });
    },
  );
}
