import type { SenderSettings } from '@contract/sending';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';

/**
 * Whether the environment can send as it is set up: who messages come from, why sending is refused (an
 * address not on a verified domain), and in development that the catcher accepts any sender.
 */
export function SenderStatus({ record }: { record: SenderSettings }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1.5}>
      <Alert severity="info">{translate('app.sending.from_line', { from: record.from })}</Alert>
      {record.readiness ? <Alert severity="error">{record.readiness}</Alert> : null}
      {record.catcher ? <Alert severity="warning">{translate('app.sending.catcher')}</Alert> : null}
    </Stack>
  );
}
