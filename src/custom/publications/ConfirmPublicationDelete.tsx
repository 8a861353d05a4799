import type { Publication } from '@contract/publications';
import { useDelete, useNotify, type HttpError } from 'react-admin';
import { ConfirmDeletion } from '../../layout/ConfirmDeletion';
import { useNavigate } from 'react-router-dom';

/**
 * 'Publicatie {name} verwijderen?', saying that its blocks go with it. On confirmation the publication is
 * deleted and the console goes to /publications/. A refusal (409: it has delivery jobs) shows the server's
 * message and stays on the publication.
 */
export function ConfirmPublicationDelete({
  publication,
  onClose,
}: {
  publication: Publication;
  onClose(): void;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [remove, { isPending }] = useDelete<Publication, HttpError>();

  const confirm = () =>
    remove(
      'publications',
      { id: publication.id, previousData: publication },
      {
        // Pessimistic: the console leaves the page only once the server has deleted it.
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.publications.delete.deleted', {
            type: 'success',
            messageArgs: { name: publication.name },
          });
          navigate('/publications/');
        },
        onError: (error) => {
          onClose();
          // The server's Dutch message is shown as it is, not looked up as a translation key.
          const message = error.message || 'app.publications.delete.failed';
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      },
    );

  return (
    <ConfirmDeletion
      isOpen
      loading={isPending}
      title="app.publications.delete.title"
      content="app.publications.delete.content"
      titleTranslateOptions={{ name: publication.name }}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
