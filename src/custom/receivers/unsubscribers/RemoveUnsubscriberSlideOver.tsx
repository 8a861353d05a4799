import type { Unsubscriber } from '@contract/receivers';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { SaveButton, TextInput, required, useTranslate } from 'react-admin';
import type { FormViewProps } from '../../../declarative/viewDeclaration';
import { SlideOverCloseButton } from '../../../slideover/SlideOverCloseButton';
import { SlideOverPanel } from '../../../slideover/SlideOverPanel';
import { PanelForm } from '../PanelForm';
import { useRemoveUnsubscriber } from './useRemoveUnsubscriber';

const requireReason = required('app.receivers.required.reason');

/**
 * 'Remove global unsubscriber' (spec §2, §5, §6): names the address, states that a global unsubscribe
 * can only be undone by the unsubscriber, and requires a reason. The removal is kept by the server.
 */
export function RemoveUnsubscriberSlideOver({ record }: FormViewProps) {
  const unsubscriber = record as Unsubscriber;
  const translate = useTranslate();
  const { submit, serverError } = useRemoveUnsubscriber(unsubscriber);
  return (
    <PanelForm onSubmit={submit} defaultValues={{ reason: '' }} noValidate>
      <SlideOverPanel
        title={translate('app.receivers.unsubscribers.remove')}
        actions={
          <>
            <SlideOverCloseButton />
            <SaveButton
              label="app.receivers.unsubscribers.remove_submit"
              icon={<DeleteOutlineIcon />}
              color="error"
              alwaysEnable
            />
          </>
        }
      >
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }} fontWeight={600}>
          {unsubscriber.email}
        </Typography>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.receivers.unsubscribers.remove_notice')}
        </Alert>
        {serverError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          source="reason"
          label="app.receivers.unsubscribers.fields.reason"
          validate={requireReason}
          multiline
          minRows={3}
          fullWidth
        />
      </SlideOverPanel>
    </PanelForm>
  );
}
