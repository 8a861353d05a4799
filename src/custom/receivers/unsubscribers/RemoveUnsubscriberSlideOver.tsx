import type { Unsubscriber } from '@contract/receivers';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import { TextInput, required, useTranslate } from 'react-admin';
import { SlideOverForm } from '../../../declarative/SlideOverForm';
import type { FormViewProps } from '../../../declarative/viewDeclaration';
import { useRemoveUnsubscriber } from './useRemoveUnsubscriber';

const requireReason = required('app.receivers.required.reason');

/**
 * 'Remove global unsubscriber' (spec §2, §5, §6): names the address, states that a global unsubscribe
 * can only be undone by the unsubscriber, and requires a reason. The removal is kept by the server.
 */
export function RemoveUnsubscriberSlideOver({ record }: FormViewProps) {
  const unsubscriber = record as Unsubscriber;
  const translate = useTranslate();
  const form = useRemoveUnsubscriber(unsubscriber);
  return (
    <SlideOverForm
      title={translate('app.receivers.unsubscribers.remove')}
      submitLabel="app.receivers.unsubscribers.remove_submit"
      submitIcon={<DeleteOutlineIcon />}
      submitColor="error"
      description={<strong>{unsubscriber.email}</strong>}
      defaultValues={{ reason: '' }}
      {...form}
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        {translate('app.receivers.unsubscribers.remove_notice')}
      </Alert>
      <TextInput
        source="reason"
        label="app.receivers.unsubscribers.fields.reason"
        validate={requireReason}
        multiline
        minRows={3}
        fullWidth
      />
    </SlideOverForm>
  );
}
