import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/**
 * Step 4 (spec §6): consent is required when adding recipients, and a global unsubscribe can only be
 * undone by the unsubscriber; the box must be ticked before the import can start.
 */
export function ImportConsentStep({
  summary,
  consent,
  showRequired,
  onChange,
}: {
  summary: string;
  consent: boolean;
  showRequired: boolean;
  onChange(consent: boolean): void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Alert severity="info">{translate('app.receivers.imports.consent.intro')}</Alert>
      <Typography>{summary}</Typography>
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={consent}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{
                input: {
                  'aria-describedby': showRequired && !consent ? 'import-consent-required' : undefined,
                },
              }}
            />
          }
          label={translate('app.receivers.imports.consent.check')}
        />
        {showRequired && !consent ? (
          <FormHelperText id="import-consent-required" error>
            {translate('app.receivers.imports.consent.required')}
          </FormHelperText>
        ) : null}
      </Box>
    </Stack>
  );
}
