import type { DeliveryJob, Publication } from '@contract/publications';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useSubmitWithServerError } from '../../declarative/useSubmitWithServerError';
import { deliveryJobData, type DeliverFormValues } from './deliveryJobData';
import { formatMoment } from './formatMoment';
import { abTestSources } from '../abTests/abTestForm';

const formSources = ['publicationTemplateId', 'audienceId', 'ignoreRsvp', 'scheduledAt', ...abTestSources];

/**
 * What the new job does, as the server planned it: a job whose moment is its creation starts now
 * (never called 'gepland'); a later moment is named.
 */
export function deliveredMessage(job: Pick<DeliveryJob, 'scheduledAt' | 'createdAt'>): {
  message: string;
  args?: Record<string, string>;
} {
  if (Date.parse(job.scheduledAt) <= Date.parse(job.createdAt)) return { message: 'app.deliver.sending_now' };
  return { message: 'app.deliver.planned_for', args: { moment: formatMoment(job.scheduledAt) } };
}

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
      return (await create(
        'jobs',
        { data: deliveryJobData(String(publication.id), title, values) },
        { mutationMode: 'pessimistic', returnPromise: true },
      )) as DeliveryJob | undefined;
    },
    formSources,
    (job) => {
      onDelivered?.();
      const { message, args } = job ? deliveredMessage(job) : { message: 'app.deliver.sending_now' };
      notify(message, { type: 'success', messageArgs: args });
      navigate('/jobs/');
    },
  );
}
