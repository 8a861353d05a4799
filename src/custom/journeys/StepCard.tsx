import type { JourneyStep, StepCount } from '@contract/journeys';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { stepKindsUi } from './kindLabels';
import { useJourneyEditable } from './journeyEditable';
import { StepInputs } from './StepInputs';

/**
 * One step: its name, its counts, its inputs, and buttons to move it up or down and to remove it (not
 * where the role cannot save the journey).
 */
export function StepCard({
  step,
  count,
  canMoveUp,
  canMoveDown,
  onChange,
  onName,
  onMove,
  onRemove,
}: {
  step: JourneyStep;
  count?: StepCount;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onChange(step: JourneyStep): void;
  /** Names the step after what it does (a send step: its publication), while it may still be renamed. */
  onName?(step: JourneyStep, name: string): void;
  onMove(direction: 'up' | 'down'): void;
  onRemove(): void;
}) {
  const translate = useTranslate();
  const editable = useJourneyEditable();
  const title = translate('app.journeys.editor.step_title', {
    kind: translate(stepKindsUi[step.kind].label),
    id: step.id,
  });
  return (
    <Card variant="outlined" sx={{ my: 1 }} component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap">
          <Typography component="h4" variant="subtitle1">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.journeys.editor.step_counts', {
              now: count?.now ?? 0,
              passed: count?.passed ?? 0,
              errors: count?.errors ?? 0,
            })}
          </Typography>
        </Stack>
        {count?.lastError && (
          <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
            {translate('app.journeys.editor.step_last_error', { error: count.lastError })}
          </Typography>
        )}
        <Stack direction="row" spacing={2} flexWrap="wrap" sx={{ mt: 1 }} useFlexGap>
          <StepInputs step={step} onChange={onChange} onName={onName} />
          {editable && (
            <Stack direction="row" alignItems="center">
              <IconButton
                size="small"
                disabled={!canMoveUp}
                aria-label={translate('app.journeys.editor.move_up', { name: title })}
                onClick={() => onMove('up')}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                disabled={!canMoveDown}
                aria-label={translate('app.journeys.editor.move_down', { name: title })}
                onClick={() => onMove('down')}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <Button
                color="error"
                onClick={onRemove}
                aria-label={translate('app.journeys.editor.remove_named', { name: title })}
              >
                {translate('app.journeys.editor.remove')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
