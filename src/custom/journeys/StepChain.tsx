import type { JourneyGraph, JourneyStep, StepCount } from '@contract/journeys';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { AddControl } from './AddControl';
import {
  canMove,
  insertStep,
  moveStep,
  newStepId,
  removeStep,
  renameStep,
  replaceStep,
  type Slot,
} from './graphEdits';
import { stepKindsUi } from './kindLabels';
import { translatedOptions } from './OptionSelect';
import { StepCard } from './StepCard';

/**
 * The steps from `from` on as a list, each followed by the next; a condition's 'Ja' and 'Nee' are
 * chains of their own, indented below it. A chain that does not end in a condition or an end offers
 * 'Stap toevoegen' at its end.
 */
export function StepChain(props: {
  graph: JourneyGraph;
  from: string | null;
  slot: Slot;
  edit(graph: JourneyGraph): void;
  countOf(id: string): StepCount | undefined;
}) {
  const { graph, edit } = props;
  const translate = useTranslate();
  const items: ReactNode[] = [];
  let id = props.from;
  let slot = props.slot;
  let last: JourneyStep | undefined;
  const seen = new Set<string>();
  while (id && !seen.has(id)) {
    seen.add(id);
    const step = graph.steps.find((candidate) => candidate.id === id);
    if (!step) break;
    last = step;
    items.push(
      <li key={step.id}>
        <StepCardOf step={step} {...props} />
        {step.kind === 'condition' && (
          <Box sx={{ pl: { xs: 1, sm: 4 }, borderLeft: 2, borderColor: 'divider', ml: { xs: 0.5, sm: 2 } }}>
            <Typography component="h4" variant="subtitle2">
              {translate('app.journeys.editor.yes')}
            </Typography>
            <StepChain {...props} from={step.yes} slot={{ at: 'yes', stepId: step.id }} />
            <Typography component="h4" variant="subtitle2">
              {translate('app.journeys.editor.no')}
            </Typography>
            <StepChain {...props} from={step.no} slot={{ at: 'no', stepId: step.id }} />
          </Box>
        )}
      </li>,
    );
    if (step.kind === 'condition' || step.kind === 'end') break;
    slot = { at: 'next', stepId: step.id };
    id = step.next ?? null;
  }
  // A new step is named after its kind ('wacht'); a send step after its publication once chosen.
  const newStepOf = (kind: JourneyStep['kind']) =>
    stepKindsUi[kind].create(newStepId(graph, translate(stepKindsUi[kind].label)));
  const kinds = translatedOptions(
    translate,
    Object.fromEntries(Object.entries(stepKindsUi).map(([kind, ui]) => [kind, ui.label])),
  );
  return (
    <Box>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items}
      </Box>
      {last?.kind !== 'condition' && last?.kind !== 'end' && (
        <AddControl
          label={translate('app.journeys.editor.add_step')}
          kindLabel={translate('app.journeys.editor.kind_of_step')}
          kinds={kinds}
          onAdd={(kind) => edit(insertStep(graph, slot, newStepOf(kind as JourneyStep['kind'])))}
        />
      )}
    </Box>
  );
}

function StepCardOf({
  step,
  graph,
  edit,
  countOf,
}: {
  step: JourneyStep;
  graph: JourneyGraph;
  edit(graph: JourneyGraph): void;
  countOf(id: string): StepCount | undefined;
}) {
  const translate = useTranslate();
  // Only a step nobody has been on may take a new id; its name still the one its kind gave it.
  const kindId = newStepId({ ...graph, steps: [] }, translate(stepKindsUi[step.kind].label));
  const renameable =
    countOf(step.id) === undefined && (step.id === kindId || step.id.startsWith(`${kindId}-`));
  return (
    <StepCard
      step={step}
      count={countOf(step.id)}
      canMoveUp={canMove(graph, step.id, 'up')}
      canMoveDown={canMove(graph, step.id, 'down')}
      onChange={(changed) => edit(replaceStep(graph, changed))}
      onName={
        renameable
          ? (changed, name) => {
              const others = { ...graph, steps: graph.steps.filter((other) => other.id !== step.id) };
              edit(renameStep(replaceStep(graph, changed), step.id, newStepId(others, name)));
            }
          : undefined
      }
      onMove={(direction) => edit(moveStep(graph, step.id, direction))}
      onRemove={() => edit(removeStep(graph, step.id))}
    />
  );
}
