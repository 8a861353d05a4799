import { personalMeasuringModes } from '@contract/analytics';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useMeasuring } from '../publications/analytics/useMeasuring';
import { OptionSelect, type Option } from './OptionSelect';

/** 'Geklikt in publicatie': the publication, the note on opens, and a warning when it does not measure per person. */
export function ClickedInInputs({
  publicationId,
  publications,
  onChange,
}: {
  publicationId: string;
  publications: Option[];
  onChange(publicationId: string): void;
}) {
  const translate = useTranslate();
  const measuring = useMeasuring(publicationId, Boolean(publicationId));
  const mode = measuring.data?.mode;
  return (
    <>
      <OptionSelect
        label={translate('app.journeys.inputs.publication')}
        value={publicationId}
        options={publications}
        onChange={onChange}
      />
      <Typography variant="body2" sx={{ flexBasis: '100%' }}>
        {translate('app.journeys.inputs.opens_note')}
      </Typography>
      {mode && !personalMeasuringModes.includes(mode) && (
        <Alert severity="warning" sx={{ flexBasis: '100%' }}>
          {translate('app.journeys.inputs.not_personal', { mode })}
        </Alert>
      )}
    </>
  );
}
