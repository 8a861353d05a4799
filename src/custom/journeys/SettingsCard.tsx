import type { JourneyGraph, JourneySettings } from '@contract/journeys';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { EditorTextField as TextField } from './journeyEditable';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { OptionSelect } from './OptionSelect';
import { useJourneyEditable } from './journeyEditable';

const minutesPerDay = 1440;

/** The 'Instellingen' card: re-entry and leaving when removed from the trigger list. */
export function SettingsCard({ graph, edit }: { graph: JourneyGraph; edit(graph: JourneyGraph): void }) {
  const translate = useTranslate();
  const settings = graph.settings;
  const editable = useJourneyEditable();
  const set = (changed: Partial<JourneySettings>) =>
    edit({ ...graph, settings: { ...settings, ...changed } });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h3" variant="h6" gutterBottom>
          {translate('app.journeys.editor.settings')}
        </Typography>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          <OptionSelect
            label={translate('app.journeys.editor.reentry')}
            value={settings.reentry}
            options={[
              { id: 'off', name: translate('app.journeys.editor.reentry_off') },
              { id: 'afterInterval', name: translate('app.journeys.editor.reentry_after') },
            ]}
            onChange={(reentry) => set({ reentry: reentry as JourneySettings['reentry'] })}
          />
          {settings.reentry === 'afterInterval' && (
            <TextField
              size="small"
              type="number"
              label={translate('app.journeys.editor.reentry_days')}
              value={settings.reentryMinutes / minutesPerDay}
              onChange={(event) =>
                set({ reentryMinutes: Math.max(0, Math.round(Number(event.target.value) * minutesPerDay)) })
              }
            />
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.exitWhenRemoved}
                disabled={!editable}
                onChange={(event) => set({ exitWhenRemoved: event.target.checked })}
              />
            }
            label={translate('app.journeys.editor.exit_when_removed')}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.journeys.editor.unsubscribe_note')}
        </Typography>
      </CardContent>
    </Card>
  );
}
