import { fieldLabels as sharedFieldLabels } from '@contract/fieldLabels';
import { filterOperatorLabels } from '@contract/receiverFields';
import type {
  ConditionKind,
  JourneyCondition,
  JourneyField,
  JourneyOperator,
  JourneyStep,
  JourneyTrigger,
  StepKind,
  TriggerKind,
} from '@contract/journeys';

// The console's registry of journey kinds: the message key of each one's Dutch name (journeys.nl.ts) and
// what a new one starts as. Only kinds the server runs are listed, so no option does nothing; each kind's
// inputs are in TriggerEditor and StepInputs.

export const triggerKindsUi: Record<TriggerKind, { label: string; create(): JourneyTrigger }> = {
  addedToList: {
    label: 'app.journeys.triggers.addedToList',
    create: () => ({ kind: 'addedToList', listId: '', includeImports: true }),
  },
  formAnswered: {
    label: 'app.journeys.triggers.formAnswered',
    create: () => ({ kind: 'formAnswered', flowId: '', emailFieldId: '', optionId: null }),
  },
  date: {
    label: 'app.journeys.triggers.date',
    create: () => ({ kind: 'date', listId: '', attribute: 1, mode: 'on', days: 0, time: '09:00' }),
  },
  manual: { label: 'app.journeys.triggers.manual', create: () => ({ kind: 'manual' }) },
  rsvpAnswered: {
    label: 'app.journeys.triggers.rsvpAnswered',
    create: () => ({ kind: 'rsvpAnswered', publicationId: '', answer: null }),
  },
};

export const conditionKindsUi: Record<ConditionKind, { label: string; create(): JourneyCondition }> = {
  field: {
    label: 'app.journeys.conditions.field',
    create: () => ({ kind: 'field', field: 'city', operator: 'IsEqual', value: '' }),
  },
  formAnswer: {
    label: 'app.journeys.conditions.formAnswer',
    create: () => ({ kind: 'formAnswer', flowId: '', emailFieldId: '', optionId: '' }),
  },
  rsvpAnswer: {
    label: 'app.journeys.conditions.rsvpAnswer',
    create: () => ({ kind: 'rsvpAnswer', publicationId: '', answer: 'Ja' }),
  },
  clickedIn: {
    label: 'app.journeys.conditions.clickedIn',
    create: () => ({ kind: 'clickedIn', publicationId: '' }),
  },
};

/** Offered only where who clicked is known: the personal measuring modes (see ClickedInInputs). */
export const personalOnlyConditions: ReadonlySet<ConditionKind> = new Set(['clickedIn']);

export const stepKindsUi: Record<StepKind, { label: string; create(id: string): JourneyStep }> = {
  send: {
    label: 'app.journeys.steps.send',
    create: (id) => ({ id, kind: 'send', publicationId: '', templateId: '', next: null }),
  },
  wait: {
    label: 'app.journeys.steps.wait',
    create: (id) => ({ id, kind: 'wait', wait: { type: 'duration', minutes: 24 * 60 }, next: null }),
  },
  condition: {
    label: 'app.journeys.steps.condition',
    create: (id) => ({
      id,
      kind: 'condition',
      condition: conditionKindsUi.field.create(),
      yes: null,
      no: null,
    }),
  },
  addToList: {
    label: 'app.journeys.steps.addToList',
    create: (id) => ({ id, kind: 'addToList', listId: '', next: null }),
  },
  removeFromList: {
    label: 'app.journeys.steps.removeFromList',
    create: (id) => ({ id, kind: 'removeFromList', listId: '', next: null }),
  },
  updateField: {
    label: 'app.journeys.steps.updateField',
    create: (id) => ({ id, kind: 'updateField', field: 'attribute1', value: '', next: null }),
  },
  end: { label: 'app.journeys.steps.end', create: (id) => ({ id, kind: 'end' }) },
};

/** The same Dutch labels as the server's error texts and the audience filters (contract/fieldLabels.ts). */
export const fieldLabels: Record<JourneyField, string> = sharedFieldLabels;

/** The audience filters' Dutch operator names (contract/receiverFields.ts). */
export const operatorLabels: Record<JourneyOperator, string> = filterOperatorLabels;
