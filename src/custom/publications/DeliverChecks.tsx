import type { ApprovalNeed, DeliverCheckFinding } from '@contract/publications';
import { confirmRecipientsAbove } from '@contract/mailLimits';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useContext, useEffect } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DeclaredFormContext } from '../../declarative/DeclaredFormContext';
import { confirmationSource, needsConfirmation, validateConfirmation } from './deliverConfirmation';
import { useDeliverCheck } from './useDeliverCheck';
import { MeasuringNote } from './analytics/MeasuringNote';
import { serverMessage } from '../../dataProvider/serverMessage';
import { LoadError } from '../../layout/LoadError';

/** The deliver check's blockers or warnings as one alert with a list (also on an approval request's page). */
export function Findings({
  findings,
  severity,
  title,
}: {
  findings: readonly DeliverCheckFinding[];
  severity: 'error' | 'warning';
  title: string;
}) {
  if (findings.length === 0) return null;
  return (
    <Alert severity={severity} sx={{ mb: 1.5 }} data-testid={`deliver-${severity}s`}>
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {findings.map((finding, index) => (
          <li key={`${finding.code}-${index}`}>{finding.message}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** 'Goedkeuring nodig': after 'Verspreiden' the send waits for one of these members. */
function ApprovalNeeded({ approval, recipients }: { approval: ApprovalNeed; recipients: number }) {
  const translate = useTranslate();
  // Required below the threshold: the server asks it of every send of a member below Verzender.
  const belowThreshold = approval.minRecipients !== null && recipients < approval.minRecipients;
  return (
    <Alert severity="info" sx={{ mb: 1.5 }} data-testid="deliver-approval">
      <AlertTitle>{translate('app.approval.deliver.title')}</AlertTitle>
      {approval.approvers.length > 0
        ? translate(belowThreshold ? 'app.approval.deliver.text_role' : 'app.approval.deliver.text', {
            count: recipients.toLocaleString('nl-NL'),
            threshold: (approval.minRecipients ?? 0).toLocaleString('nl-NL'),
            approvers: approval.approvers.join(', '),
          })
        : translate('app.approval.deliver.nobody')}
    </Alert>
  );
}

/**
 * The checks before sending, live under the deliver form's inputs: the recipients the choice reaches,
 * what blocks the delivery (the submit button goes while anything does) and what is worth a look. Above
 * `confirmRecipientsAbove` recipients the number must be typed to confirm.
 */
export function DeliverChecks({ publicationId }: { publicationId: string }) {
  const translate = useTranslate();
  const { blockSubmit } = useContext(DeclaredFormContext);
  const check = useDeliverCheck(publicationId);
  const audienceId = useWatch({ name: 'audienceId' }) as string | null | undefined;
  const blockers = check.data?.blockers ?? [];
  const warnings = check.data?.warnings ?? [];
  const recipients = check.data?.recipients ?? 0;
  const blocked = blockers.length > 0;
  useEffect(() => {
    blockSubmit('deliverCheck', blocked);
    return () => blockSubmit('deliverCheck', false);
  }, [blockSubmit, blocked]);

  return (
    <Box component="section" aria-labelledby="deliver-check-title" sx={{ mt: 2 }}>
      <Typography id="deliver-check-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.deliver.check.title')}
      </Typography>
      <Box sx={{ height: 4, mb: 1 }}>
        {check.isFetching ? <LinearProgress aria-label={translate('app.deliver.check.checking')} /> : null}
      </Box>
      {check.error ? (
        <LoadError
          error={check.error}
          message={translate('app.deliver.check.failed', {
            message: serverMessage(check.error, translate('ra.notification.http_error')),
          })}
          onRetry={() => void check.refetch()}
        />
      ) : null}
      <Box aria-live="polite" sx={{ mb: 1.5 }}>
        {audienceId && check.data ? (
          <>
            <Typography variant="h5" component="p" data-testid="deliver-recipients">
              {translate('app.deliver.check.recipients', {
                smart_count: recipients,
                count: recipients.toLocaleString('nl-NL'),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.deliver.check.recipients_help')}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.deliver.check.choose_audience')}
          </Typography>
        )}
      </Box>
      {audienceId && check.data?.approval.required ? (
        <ApprovalNeeded approval={check.data.approval} recipients={recipients} />
      ) : null}
      <MeasuringNote publicationId={publicationId} />
      <Findings findings={blockers} severity="error" title={translate('app.deliver.check.blockers')} />
      <Findings findings={warnings} severity="warning" title={translate('app.deliver.check.warnings')} />
      {check.data && !blocked && warnings.length === 0 && audienceId ? (
        <Alert severity="success" sx={{ mb: 1.5 }}>
          {translate('app.deliver.check.all_clear')}
        </Alert>
      ) : null}
      {audienceId && !blocked && needsConfirmation(recipients) ? (
        <TextInput
          source={confirmationSource}
          label={translate('app.deliver.confirm.label', { count: recipients })}
          helperText={translate('app.deliver.confirm.help', { threshold: confirmRecipientsAbove })}
          validate={validateConfirmation(recipients)}
          inputMode="numeric"
          autoComplete="off"
          fullWidth
        />
      ) : null}
    </Box>
  );
}
