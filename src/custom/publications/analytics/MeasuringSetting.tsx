import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useDeclaredDataProvider } from '../../../resources/useDeclaredDataProvider';
import { useAnalyticsText } from './useAnalyticsText';
import type { Measuring } from './useMeasuring';

const modes = ['Uit', 'Alleen totalen', 'Per persoon gepseudonimiseerd', 'Per persoon'] as const;
const follow = '';

/**
 * The publication's own 'Meten': follow the environment, or a stricter mode. 'Per persoon' asks for the
 * legal basis. A refused save keeps what was typed and shows the server's message.
 */
export function MeasuringSetting({
  publicationId,
  measuring,
}: {
  publicationId: string;
  measuring: Measuring;
}) {
  const t = useAnalyticsText();
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const [mode, setMode] = useState<string>(measuring.own ?? follow);
  const [legalBasis, setLegalBasis] = useState(measuring.legalBasis ?? '');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const allowed = modes.slice(0, modes.indexOf(measuring.environmentMode) + 1);

  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      await dataProvider.action('publications', 'setMeasuring', {
        id: publicationId,
        data: { mode: mode === follow ? null : mode, legalBasis: mode === 'Per persoon' ? legalBasis : null },
      });
      notify(t('setting_saved'), { type: 'success' });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="measuring-title">
      <Typography id="measuring-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('setting_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('setting_help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('setting_mode')}
          value={mode}
          onChange={(event) => setMode(event.target.value)}
          sx={{ minWidth: 280 }}
        >
          <MenuItem value={follow}>{t('setting_follow', { mode: measuring.environmentMode })}</MenuItem>
          {allowed.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice}
            </MenuItem>
          ))}
        </TextField>
        {mode === 'Per persoon' ? (
          <TextField
            size="small"
            label={t('setting_legal_basis')}
            helperText={t('setting_legal_basis_help')}
            value={legalBasis}
            onChange={(event) => setLegalBasis(event.target.value)}
            required
            multiline
            sx={{ minWidth: 320 }}
          />
        ) : null}
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {t('setting_save')}
        </Button>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
