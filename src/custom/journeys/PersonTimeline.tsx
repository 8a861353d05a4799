import type { JourneyStep, TimelineEntry } from '@contract/journeys';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../../dataProvider/serverMessage';
import { formatDateTime } from '../../i18n/dateFormat';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { stepKindsUi } from './kindLabels';

/** 'Tijdlijn van een persoon': every step a person went through, with its time and result. */
export function PersonTimeline({ journeyId }: { journeyId: string }) {
  const dataProvider = useDeclaredDataProvider();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [entries, setEntries] = useState<TimelineEntry[]>();
  const [problem, setProblem] = useState<string>();
  const show = async () => {
    setProblem(undefined);
    try {
      const { data } = await dataProvider.action('journeys', 'timeline', { id: journeyId, data: { email } });
      setEntries(data);
    } catch (error) {
      // A refused address (too short) or a server away: said here, never an unhandled rejection.
      setEntries(undefined);
      setProblem(serverMessage(error, translate('ra.notification.http_error')));
    }
  };
  const kindOf = (entry: TimelineEntry) => {
    const kind = stepKindsUi[entry.stepKind as JourneyStep['kind']];
    return translate(kind ? kind.label : 'app.journeys.timeline.left');
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h3" variant="h6" gutterBottom>
          {translate('app.journeys.timeline.title')}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void show();
          }}
        >
          <TextField
            size="small"
            label={translate('app.journeys.timeline.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit">{translate('app.journeys.timeline.show')}</Button>
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
        {entries && entries.length === 0 && (
          <Typography sx={{ mt: 1 }}>{translate('app.journeys.timeline.none')}</Typography>
        )}
        {entries && entries.length > 0 && (
          <Box component="ol" aria-label={translate('app.journeys.timeline.list')} sx={{ mt: 1 }}>
            {entries.map((entry, index) => (
              <li key={index}>
                {translate('app.journeys.timeline.entry', {
                  at: formatDateTime(entry.at),
                  kind: kindOf(entry),
                  id: entry.stepId,
                  result: entry.result,
                })}
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
