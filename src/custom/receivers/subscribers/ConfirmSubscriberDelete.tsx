import type { Subscriber } from '@contract/receivers';
import { useDelete, useNotify, useTranslate } from 'react-admin';
import { ConfirmDeletion } from '../../../layout/ConfirmDeletion';

/**
 * 'Weet je zeker dat je {name} wilt verwijderen?': on confirmation the subscriber is deleted (the
 * dataProvider reloads what the resource declares: the subscribers, their list's count, the audiences).
 */
export function ConfirmSubscriberDelete({
  subscriber,
  onClose,
}: {
  subscriber: Subscriber;
  onClose(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [remove, { isPending }] = useDelete();

  const confirm = () =>
    remove(
      'subscribers',
      { id: subscriber.id, previousData: subscriber },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onClose();
          notify('ra.notification.deleted', { messageArgs: { smart_count: 1 } });
        },
        onError: (error) => {
          onClose();
          notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', {
            type: 'error',
          });
        },
      },
    );

  return (
    <ConfirmDeletion
      isOpen
      loading={isPending}
      title="ra.message.delete_title"
      content="app.receivers.subscribers.delete_confirm"
      translateOptions={{
        name: translate('app.receivers.subscribers.one').toLowerCase(),
        recordRepresentation: subscriber.name,
      }}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
