import type { ApprovalRequest } from '@contract/approval';
import type { DeliveryJob, Publication } from '@contract/publications';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useCallAccess, type WhenDenied } from '../../declarative/useDeclaredAccess';
import { useSubmitWithServerError } from '../../declarative/useSubmitWithServerError';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { deliveryJobData, type DeliverFormValues } from './deliveryJobData';
import { formatMoment } from './formatMoment';
import { deliverCheckChoice } from './useDeliverCheck';
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

/** The deliver form's submit for a role that may not send: disabled with the reason, for a Lezer too (the form is open). */
const deliverDenied: WhenDenied = { reason: 'app.publications.page.deliver_denied', alsoForReaders: true };

/**
 * Why the member's role may not deliver: neither create a delivery job nor ask approval for one (a
 * Redacteur may ask; the deliver check blocks it while 'Goedkeuring' is off). Undefined when it may.
 */
export function useDeliverDenied(): string | undefined {
  return useCallAccess('jobs', 'create', deliverDenied, { resource: 'approvals', call: 'create' })
    .deniedReason;
}

type Delivered = { job: DeliveryJob | undefined } | { request: ApprovalRequest };

/**
 * The submit of the deliver form (panel and page): creates the delivery job, then goes to /jobs/
 * (spec §4). A send that needs approval ('Goedkeuring', as the deliver check says for the chosen
 * audience) becomes an approval request instead, and the console goes to its page. A failed call keeps
 * the form as it is and shows the server's message.
 */
export function useDeliverPublication(publication: Publication | undefined, onDelivered?: () => void) {
  const [create] = useCreate();
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const translate = useTranslate();

  return useSubmitWithServerError(
    async (values: DeliverFormValues): Promise<Delivered | undefined> => {
      if (!publication) return;
      const title = translate('app.deliver.job_title', { name: publication.name });
      const data = deliveryJobData(String(publication.id), title, values);
      const check = await dataProvider.action('publications', 'deliverCheck', {
        id: String(publication.id),
        data: deliverCheckChoice(values.audienceId, values.publicationTemplateId, values.abTest),
      });
      const options = { mutationMode: 'pessimistic', returnPromise: true } as const;
      if (check.data.approval.required) {
        return { request: (await create('approvals', { data }, options)) as ApprovalRequest };
      }
      return { job: (await create('jobs', { data }, options)) as DeliveryJob | undefined };
    },
    formSources,
    (delivered) => {
      onDelivered?.();
      if (delivered && 'request' in delivered) {
        const { request } = delivered;
        notify('app.approval.deliver.requested', {
          type: 'success',
          messageArgs: { approvers: request.approvers.join(', ') || translate('app.approval.detail.nobody') },
        });
        navigate(`/approvals/${request.id}`);
        return;
      }
      const job = delivered?.job;
      const { message, args } = job ? deliveredMessage(job) : { message: 'app.deliver.sending_now' };
      notify(message, { type: 'success', messageArgs: args });
      navigate('/jobs/');
    },
  );
}
