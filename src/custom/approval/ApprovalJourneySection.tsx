import type { ApprovalRequest } from '@contract/approval';
import type { Journey, JourneyStep } from '@contract/journeys';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { serverMessage } from '../../dataProvider/serverMessage';
import { stepSummary, type StepNames } from '../journeys/stepSummary';
import { useOptions } from '../journeys/useOptions';
import { TriggerKindNames } from '../journeys/TriggerKindNames';

/** The steps from the start along each step's first way on (a condition's 'Ja'), then any others. */
function stepsInOrder(journey: Journey): JourneyStep[] {
  const byId = new Map(journey.graph.steps.map((step) => [step.id, step]));
  const ordered: JourneyStep[] = [];
  const seen = new Set<string>();
  const visit = (id: string | null | undefined) => {
    const step = id ? byId.get(id) : undefined;
    if (!step || seen.has(step.id)) return;
    seen.add(step.id);
    ordered.push(step);
    if (step.kind === 'condition') {
      visit(step.yes);
      visit(step.no);
    } else if ('next' in step) visit(step.next);
  };
  visit(journey.graph.start);
  return [...ordered, ...journey.graph.steps.filter((step) => !seen.has(step.id))];
}

/** The names of the publications and lists the steps use, read only when a step uses one. */
function useStepNames(steps: JourneyStep[]): StepNames {
  const usesPublication = steps.some(
    (step) =>
      step.kind === 'send' ||
      (step.kind === 'condition' && 'publicationId' in step.condition),
  );
  const usesList = steps.some((step) => step.kind === 'addToList' || step.kind === 'removeFromList');
  const publications = useOptions('publications', 'name', {}, usesPublication);
  const lists = useOptions('lists', 'title', {}, usesList);
  return {
    publications: new Map(publications.map((option) => [option.id, option.name])),
    lists: new Map(lists.map((option) => [option.id, option.name])),
  };
}

/**
 * What a request to publish a journey would publish: the journey as it stands (a change since voids the
 * request), its start (the triggers) and its steps, in place of a publication's preview.
 */
export function ApprovalJourneySection({ record }: { record: ApprovalRequest }) {
  const translate = useTranslate();
  const journey = useGetOne<Journey>(
    'journeys',
    { id: record.journeyId ?? '' },
    { enabled: record.journeyId !== null },
  );
  const steps = journey.data ? stepsInOrder(journey.data) : [];
  const names = useStepNames(steps);
  return (
    <Card variant="outlined" component="section" aria-labelledby="approval-journey-title">
      <CardContent>
        <Typography id="approval-journey-title" variant="h6" component="h3" sx={{ mb: 1 }}>
          {translate('app.approval.detail.journey_title')}
        </Typography>
        {journey.error ? (
          <LoadError
            message={serverMessage(journey.error, translate('ra.notification.http_error'))}
            onRetry={() => void journey.refetch()}
          />
        ) : null}
        {journey.data ? (
          <>
            <Typography sx={{ mb: 0.5 }}>
              {journey.data.versionNumber === null
                ? translate('app.approval.detail.journey_state', { state: journey.data.state })
                : translate('app.approval.detail.journey_version', {
                    state: journey.data.state,
                    version: journey.data.versionNumber,
                  })}
            </Typography>
            <Typography sx={{ mb: 1.5 }} data-testid="approval-journey-start">
              {translate('app.approval.detail.journey_start')}{' '}
              {journey.data.triggerKinds.length > 0 ? (
                <TriggerKindNames kinds={journey.data.triggerKinds} />
              ) : (
                translate('app.approval.detail.journey_no_start')
              )}
            </Typography>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              {translate('app.approval.detail.journey_steps', { smart_count: steps.length })}
            </Typography>
            {steps.length > 0 ? (
              <ol data-testid="approval-journey-steps" style={{ marginTop: 4, paddingLeft: 24 }}>
                {steps.map((step) => (
                  <li key={step.id}>
                    <Typography component="span">{stepSummary(step, names, translate)}</Typography>
                  </li>
                ))}
              </ol>
            ) : (
              <Typography color="text.secondary">
                {translate('app.approval.detail.journey_no_steps')}
              </Typography>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
