import { importModes } from '@contract/importRules';
import type { ImportMode } from '@contract/listImports';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** Step 2: add new only, update existing only, or both (matched on the e-mail address, ignoring case). */
export function ImportModeStep({ mode, onChange }: { mode: ImportMode; onChange(mode: ImportMode): void }) {
  const translate = useTranslate();
  return (
    <FormControl>
      <FormLabel id="import-mode-legend" sx={{ color: 'text.primary', fontWeight: 500 }}>
        {translate('app.receivers.imports.mode.legend')}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.receivers.imports.mode.help')}
      </Typography>
      <RadioGroup
        aria-labelledby="import-mode-legend"
        value={mode}
        onChange={(event) => onChange(event.target.value as ImportMode)}
      >
        {importModes.map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <Stack>
                <Typography>{translate(`app.receivers.imports.mode.${value}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`app.receivers.imports.mode.${value}_help`)}
                </Typography>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
