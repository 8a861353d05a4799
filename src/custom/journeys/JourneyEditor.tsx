import type { ApprovalRequest } from '@contract/approval';
import type { Journey, JourneyGraph } from '@contract/journeys';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../../dataProvider/serverMessage';
import { useCallAccess } from '../../declarative/useDeclaredAccess';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { JourneyEditable } from './journeyEditable';
import { PersonTimeline } from './PersonTimeline';
import { PublishButton } from './PublishButton';
import { SettingsCard } from './SettingsCard';
import { StepChain } from './StepChain';
import { StrandedPeople } from './StrandedPeople';
import { TriggerList } from './TriggerList';
import { useStepCounts } from './useStepCounts';

// A journey's page below its header (whose declared runs pause, resume and stop it): its triggers, a
// vertical list of steps (a condition's 'Ja' and 'Nee' indented below it; every control a labelled input
// or button, so keyboard and screen reader work without a canvas), each step with its counts, the
// settings, save and publish, and a person's timeline. What is typed stays in the page's state when a
// save fails. A role that cannot save the journey (a Lezer) reads the same inputs, read-only.

export function JourneyEditor({ record }: { record: Journey }) {
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  // The edits not yet saved; none: the journey as the server has it (refreshed after every save).
  const [edited, setEdited] = useState<JourneyGraph>();
  const graph = edited ?? record.graph;
  const dirty = edited !== undefined;
  const [problem, setProblem] = useState<string>();
  const [moves, setMoves] = useState<Record<string, string>>({});
  const counts = useStepCounts(record);
  const stopped = record.state === 'Gestopt';
  const editable = useCallAccess('journeys', 'edit').allowed;

  const refused = (error: unknown) =>
    setProblem(serverMessage(error, translate('ra.notification.http_error')));
  const save = () =>
    dataProvider.update('journeys', { id: record.id, data: { graph }, previousData: record });
  const saveNow = async () => {
    setProblem(undefined);
    try {
      await save();
      setEdited(undefined);
      notify('app.journeys.states.saved', { type: 'success' });
    } catch (error) {
      refused(error);
    }
  };
  /** Publishes, or asks approval to (answering the request) while 'Goedkeuring' covers journeys. */
  const publish = async (): Promise<ApprovalRequest | undefined> => {
    setProblem(undefined);
    if (dirty) await save();
    const call = record.publishNeedsApproval ? 'requestApproval' : 'publish';
    const answer = await dataProvider.action('journeys', call, { id: record.id, data: { moves } });
    return record.publishNeedsApproval ? (answer.data as ApprovalRequest) : undefined;
  };
  const stepIds = new Set(graph.steps.map((step) => step.id));
  const stranded = counts.filter((count) => count.now > 0 && !stepIds.has(count.stepId));
  const countOf = (id: string) => counts.find((count) => count.stepId === id);

  return (
    <JourneyEditable value={editable}>
      <Stack spacing={2}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <TriggerList
          graph={graph}
          journeyId={record.id}
          active={record.state === 'Actief'}
          edit={setEdited}
        />
        <Card variant="outlined">
          <CardContent>
            <Typography component="h3" variant="h6" gutterBottom>
              {translate('app.journeys.editor.steps')}
            </Typography>
            <StepChain
              graph={graph}
              from={graph.start}
              slot={{ at: 'start' }}
              edit={setEdited}
              countOf={countOf}
            />
          </CardContent>
        </Card>
        <SettingsCard graph={graph} edit={setEdited} />
        <StrandedPeople graph={graph} stranded={stranded} moves={moves} onMove={setMoves} />
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {editable && (
            <Button variant="outlined" disabled={!dirty} onClick={() => void saveNow()}>
              {translate(
                record.state === 'Concept' ? 'app.journeys.states.save' : 'app.journeys.states.save_draft',
              )}
            </Button>
          )}
          {!stopped && (
            <PublishButton
              journey={record}
              publish={publish}
              onPublished={() => setEdited(undefined)}
              onRefused={refused}
            />
          )}
        </Stack>
        <PersonTimeline journeyId={record.id} />
      </Stack>
    </JourneyEditable>
  );
}
