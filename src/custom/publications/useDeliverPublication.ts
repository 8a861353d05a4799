import type { Publication } from '@contract/publications';
import { useState } from 'react';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { submissionErrors } from '../../declarative/submissionErrors';
import { deliveryJobData, type DeliverFormValues } from './deliveryJobData';

const formSources = ['publicationTemplateId', 'audienceId', 'ignoreRsvp'];

/**
 * The submit of the deliver form (panel and page): creates the delivery job, then goes to /jobs/
 * (spec §4). A failed call keeps the form as it is and shows the server's message.
 */
export function useDeliverPublication(publication: Publication | undefined, onDelivered?: () => void) {
  const [create] = useCreate();
  const notify = useNotify();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [serverError, setServerError] = useState<string>();

  async function submit(values: DeliverFormValues) {
    if (!publication) return undefined;
    setServerError(undefined);
    const title = translate('app.deliver.job_title', { name: publication.name });
    try {
      await create(
        'jobs',
        { data: deliveryJobData(String(publication.id), title, values) },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      const errors = submissionErrors(error, formSources, translate('declarative.form.saveFailed'));
      setServerError(errors.root.serverError);
      return errors;
    }
    onDelivered?.();
    notify('app.deliver.created', { type: 'success' });
    navigate('/jobs/');
    return undefined;
  }

  return { submit, serverError };
}
