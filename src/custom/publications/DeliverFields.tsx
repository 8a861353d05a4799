import type { Audience } from '@contract/receivers';
import type { Publication, PublicationType } from '@contract/publications';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { BooleanInput, SelectInput, required, useGetList, useGetOne, useTranslate } from 'react-admin';
import { DutchDateInput } from '../../declarative/DutchDateInput';
import { DeliverSender } from '../sending/DeliverSender';
import { AbTestFields } from '../abTests/AbTestFields';
import { DeliverChecks } from './DeliverChecks';
import { useDeliverCheck } from './useDeliverCheck';
import { participantChoices } from './deliveryJobData';
import { validateFutureMoment } from './futureMoment';
import { pageSize } from '@contract/paging';

export interface DeliverFieldsProps {
  publication: Publication;
}

const requireTemplate = required('app.deliver.template_required');
const requireAudience = required('app.deliver.audience_required');

/**
 * The inputs of the deliver form: the job's title, a template of the publication's type, an audience
 * (the environment's audiences that are not deleted, plus the 'Deelnemers - …' groups of invitees), ignoreRsvp and
 * the moment to send (empty: at once; else in the future), an A/B test, then the checks before sending.
 */
export function DeliverFields({ publication }: DeliverFieldsProps) {
  const translate = useTranslate();
  const type = useGetOne<PublicationType>('publicationTypes', { id: publication.publicationTypeId });
  const audiences = useGetList<Audience>('audiences', {
    pagination: { page: 1, perPage: pageSize },
    sort: { field: 'name', order: 'ASC' },
    filter: { isDeleted: false },
  });

  const check = useDeliverCheck(String(publication.id));
  const templates = type.data?.templates ?? [];
  const audienceChoices = [
    ...(audiences.data ?? []).filter((audience) => !audience.isDeleted),
    { id: participantChoices.accepted, name: translate('app.deliver.rsvp_audience') },
    { id: participantChoices.noAnswer, name: translate('app.deliver.rsvp_no_answer_audience') },
    { id: participantChoices.waiting, name: translate('app.deliver.rsvp_waiting_audience') },
  ];

  return (
    <>
      <DeliverSender publication={publication} />
      <TextField
        label={translate('app.deliver.job_title_label')}
        value={translate('app.deliver.job_title', { name: publication.name })}
        slotProps={{ input: { readOnly: true } }}
        helperText={translate('app.deliver.job_title_help')}
        fullWidth
        margin="dense"
        sx={{ mb: 2 }}
      />
      {type.isSuccess && templates.length === 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.deliver.no_templates')}
        </Alert>
      ) : (
        <SelectInput
          source="publicationTemplateId"
          label="app.deliver.template"
          choices={templates}
          isPending={type.isPending}
          validate={requireTemplate}
          fullWidth
        />
      )}
      <SelectInput
        source="audienceId"
        label="app.deliver.audience"
        choices={audienceChoices}
        isPending={audiences.isPending}
        validate={requireAudience}
        helperText="app.deliver.audience_help"
        fullWidth
      />
      <BooleanInput source="ignoreRsvp" label="app.deliver.ignore_rsvp" />
      <DutchDateInput
        source="scheduledAt"
        label="app.deliver.scheduled_at"
        helperText="app.deliver.scheduled_at_help"
        validate={validateFutureMoment}
        withTime
      />
      <AbTestFields recipients={check.data?.recipients ?? 0} />
      <DeliverChecks publicationId={String(publication.id)} />
    </>
  );
}
