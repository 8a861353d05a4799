import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { openSlideOver } from '../../../slideover/events';
import { useAnalyticsText } from './useAnalyticsText';
import type { Measuring } from './useMeasuring';
import { useCallAccess } from '../../../declarative/useDeclaredAccess';

/**
 * The publication's own 'Meten': what it measures now, and 'Aanpassen', which opens the declared form
 * (publications' `measuring`, src/resources/publications/measuringForm.ts) with the measuring as its record;
 * only for a role that may change it.
 */
export function MeasuringSetting({
  publicationId,
  measuring,
}: {
  publicationId: string;
  measuring: Measuring;
}) {
  const t = useAnalyticsText();
  const mayChange = useCallAccess('publications', 'setMeasuring').shown;
  return (
    <Box component="section" aria-labelledby="measuring-title">
      <Typography id="measuring-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('setting_title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="publication-measuring">
        {measuring.own
          ? t('setting_own', { mode: measuring.own })
          : t('setting_follows', { mode: measuring.environmentMode })}
      </Typography>
      {mayChange && (
        <Button
          variant="outlined"
          startIcon={<TuneOutlinedIcon />}
          onClick={() =>
            openSlideOver('publications.measuring', { record: { ...measuring, id: publicationId } })
          }
        >
          {t('setting_change')}
        </Button>
      )}
    </Box>
  );
}
