import type { Publication } from '@contract/publications';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useSubmitWithServerError } from '../../declarative/useSubmitWithServerError';
import { deliveryJobData, type DeliverFormValues } from './deliveryJobData';

const formSources = ['publicationTemplateId', 'audienceId', 'ignoreRsvp', 'scheduledAt'];

/**
 * The submit of the deliver form (panel and page): creates the delivery job, then goes to /jobs/
 * (spec §4). A failed call keeps the form as it is and shows the server's message.
 */
export function useDeliverPublication(publication: Publication | undefined, onDelivered?: () => void) {
  const [create] = useCreate();
  const notify = useNotify();
  const navigate = useNavigate();
  const translate = useTranslate();

  return useSubmitWithServerError(
    async (values: DeliverFormValues) => {
      if (!publication) return;
      const title = translate('app.deliver.job_title', { name: publication.name });
      await create(
        'jobs',
        { data: deliveryJobData(String(publication.id), title, values) },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    },
    formSources,
    () => {
      onDelivered?.();
      notify('app.deliver.created', { type: 'success' });
      navigate('/jobs/');
    },
  );
}
