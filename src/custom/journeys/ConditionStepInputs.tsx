import type { ConditionKind, JourneyStep } from '@contract/journeys';
import { journeyFields, journeyOperators, rsvpAnswers } from '@contract/journeys';
import { EditorTextField as TextField } from './journeyEditable';
import { useTranslate } from 'react-admin';
import { ClickedInInputs } from './ClickedInInputs';
import { FormAnswerInputs } from './FormAnswerInputs';
import { conditionKindsUi, fieldLabels, operatorLabels, personalOnlyConditions } from './kindLabels';
import { OptionSelect, plainOptions, type Option } from './OptionSelect';

type ConditionStep = Extract<JourneyStep, { kind: 'condition' }>;

/**
 * 'Voorwaarde': what it checks and that check's inputs. A condition only personal measuring can answer
 * ('Geklikt in publicatie') is offered only when the environment measures per person (`personal`).
 */
export function ConditionStepInputs({
  step,
  publications,
  personal,
  onChange,
}: {
  step: ConditionStep;
  publications: Option[];
  personal: boolean;
  onChange(step: ConditionStep): void;
}) {
  const translate = useTranslate();
  const condition = step.condition;
  const kinds = (Object.keys(conditionKindsUi) as ConditionKind[]).filter(
    (kind) => personal || kind === condition.kind || !personalOnlyConditions.has(kind),
  );
  const setCondition = (next: ConditionStep['condition']) => onChange({ ...step, condition: next });
  return (
    <>
      <OptionSelect
        label={translate('app.journeys.inputs.condition_on')}
        value={condition.kind}
        options={kinds.map((kind) => ({ id: kind, name: translate(conditionKindsUi[kind].label) }))}
        onChange={(kind) => setCondition(conditionKindsUi[kind as ConditionKind].create())}
      />
      {condition.kind === 'field' && (
        <>
          <OptionSelect
            label={translate('app.journeys.inputs.condition_field')}
            value={condition.field}
            options={plainOptions(fieldLabels, journeyFields)}
            onChange={(field) => setCondition({ ...condition, field: field as typeof condition.field })}
          />
          <OptionSelect
            label={translate('app.journeys.inputs.operator')}
            value={condition.operator}
            options={plainOptions(operatorLabels, journeyOperators)}
            onChange={(operator) =>
              setCondition({ ...condition, operator: operator as typeof condition.operator })
            }
          />
          <TextField
            size="small"
            label={translate('app.journeys.inputs.value')}
            value={condition.value}
            onChange={(event) => setCondition({ ...condition, value: event.target.value })}
          />
        </>
      )}
      {condition.kind === 'formAnswer' && (
        <FormAnswerInputs
          value={condition}
          onChange={(value) => setCondition({ ...condition, ...value, optionId: value.optionId ?? '' })}
        />
      )}
      {condition.kind === 'rsvpAnswer' && (
        <>
          <OptionSelect
            label={translate('app.journeys.inputs.invitation')}
            value={condition.publicationId}
            options={publications}
            onChange={(publicationId) => setCondition({ ...condition, publicationId })}
          />
          <OptionSelect
            label={translate('app.journeys.inputs.answer')}
            value={condition.answer}
            options={rsvpAnswers.map((answer) => ({ id: answer, name: answer }))}
            onChange={(answer) => setCondition({ ...condition, answer: answer as typeof condition.answer })}
          />
        </>
      )}
      {condition.kind === 'clickedIn' && (
        <ClickedInInputs
          publicationId={condition.publicationId}
          publications={publications}
          onChange={(publicationId) => setCondition({ ...condition, publicationId })}
        />
      )}
    </>
  );
}
