import { personalMeasuringModes } from '@contract/analytics';
import type { JourneyStep } from '@contract/journeys';
import { updatableFields } from '@contract/journeys';
import { EditorTextField as TextField } from './journeyEditable';
import { useTranslate } from 'react-admin';
import { useMeasuring } from '../publications/analytics/useMeasuring';
import { ConditionStepInputs } from './ConditionStepInputs';
import { fieldLabels } from './kindLabels';
import { OptionSelect, plainOptions } from './OptionSelect';
import { SendStepInputs } from './SendStepInputs';
import { useOptions } from './useOptions';
import { WaitStepInputs } from './WaitStepInputs';

/** A step's own inputs, by its kind. */
export function StepInputs({
  step,
  onChange,
  onName,
}: {
  step: JourneyStep;
  onChange(step: JourneyStep): void;
  onName?(step: JourneyStep, name: string): void;
}) {
  const translate = useTranslate();
  const listStep = step.kind === 'addToList' || step.kind === 'removeFromList';
  const lists = useOptions('lists', 'title', { isDeleted: false }, listStep);
  const publications = useOptions(
    'publications',
    'name',
    {},
    step.kind === 'send' || step.kind === 'condition',
  );
  // The environment's measuring mode (every publication's is at most as personal), read via any publication.
  const measuring = useMeasuring(
    publications[0]?.id ?? '',
    step.kind === 'condition' && publications.length > 0,
  );
  const personal = measuring.data ? personalMeasuringModes.includes(measuring.data.environmentMode) : false;
  switch (step.kind) {
    case 'send':
      return <SendStepInputs step={step} publications={publications} onChange={onChange} onName={onName} />;
    case 'wait':
      return <WaitStepInputs step={step} onChange={onChange} />;
    case 'condition':
      return (
        <ConditionStepInputs
          step={step}
          publications={publications}
          personal={personal}
          onChange={onChange}
        />
      );
    case 'addToList':
    case 'removeFromList':
      return (
        <OptionSelect
          label={translate('app.journeys.inputs.list')}
          value={step.listId}
          options={lists}
          onChange={(listId) => onChange({ ...step, listId })}
        />
      );
    case 'updateField':
      return (
        <>
          <OptionSelect
            label={translate('app.journeys.inputs.update_field')}
            value={step.field}
            options={plainOptions(fieldLabels, updatableFields)}
            onChange={(field) => onChange({ ...step, field: field as typeof step.field })}
          />
          <TextField
            size="small"
            label={translate('app.journeys.inputs.new_value')}
            value={step.value}
            onChange={(event) => onChange({ ...step, value: event.target.value })}
          />
        </>
      );
    case 'end':
      return null;
  }
}
