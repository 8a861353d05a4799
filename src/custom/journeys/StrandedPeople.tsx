import type { JourneyGraph, StepCount } from '@contract/journeys';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { stepKindsUi } from './kindLabels';
import { OptionSelect } from './OptionSelect';

/**
 * 'Mensen op verwijderde stappen': people on a step the edits removed, and where each step's people go
 * when the edits are published (the publish call's `moves`).
 */
export function StrandedPeople({
  graph,
  stranded,
  moves,
  onMove,
}: {
  graph: JourneyGraph;
  stranded: StepCount[];
  moves: Record<string, string>;
  onMove(moves: Record<string, string>): void;
}) {
  const translate = useTranslate();
  if (stranded.length === 0) return null;
  const targets = graph.steps.map((step) => ({
    id: step.id,
    name: translate('app.journeys.editor.stranded_option', {
      id: step.id,
      kind: translate(stepKindsUi[step.kind].label),
    }),
  }));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h3" variant="h6" gutterBottom>
          {translate('app.journeys.editor.stranded')}
        </Typography>
        {stranded.map((count) => (
          <Box key={count.stepId} sx={{ mb: 1 }}>
            <OptionSelect
              label={translate('app.journeys.editor.stranded_move', { count: count.now, id: count.stepId })}
              value={moves[count.stepId] ?? ''}
              options={targets}
              onChange={(target) => onMove({ ...moves, [count.stepId]: target })}
            />
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
