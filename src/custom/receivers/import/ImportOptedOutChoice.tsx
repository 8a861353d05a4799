import { optedOutChoices } from '@contract/importRules';
import type { ImportPreview, OptedOutChoice } from '@contract/listImports';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/**
 * The rows of people who opted out in the tool the file comes from (Laposta's 'unsubscribed', listmonk's
 * 'blocklisted', Mailchimp's unsubscribed export): how many, and whether they become unsubscribers
 * (the default) or are only left out. They never become recipients.
 */
export function ImportOptedOutChoice({
  preview,
  choice,
  onChange,
}: {
  preview: ImportPreview;
  choice: OptedOutChoice;
  onChange(choice: OptedOutChoice): void;
}) {
  const translate = useTranslate();
  const optedOut = preview.optedOut;
  if (!optedOut || optedOut.rows === 0) return null;
  const tool = optedOut.tool;
  return (
    <Alert severity="warning" icon={false}>
      <FormControl>
        <FormLabel id="import-opted-out-legend" sx={{ color: 'text.primary', fontWeight: 500 }}>
          {translate('app.receivers.imports.columns.opted_out_title', {
            smart_count: optedOut.rows,
            tool,
            column: preview.header[optedOut.column] ?? optedOut.column + 1,
          })}{' '}
          {translate('app.receivers.imports.columns.opted_out_legend')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="import-opted-out-legend"
          value={choice}
          onChange={(event) => onChange(event.target.value as OptedOutChoice)}
        >
          {optedOutChoices.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Stack>
                  <Typography>{translate(`app.receivers.imports.columns.opted_out_${value}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`app.receivers.imports.columns.opted_out_${value}_help`, { tool })}
                  </Typography>
                </Stack>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
    </Alert>
  );
}
