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

// The console's registry of journey kinds: the Dutch name of each and what a new one starts as. Only
// kinds the server runs are listed, so no option does nothing; each kind's inputs are in JourneyEditor.

export const triggerKindsUi: Record<TriggerKind, { label: string; create(): JourneyTrigger }> = {
  addedToList: {
    label: 'Toegevoegd aan lijst',
    create: () => ({ kind: 'addedToList', listId: '', includeImports: true }),
  },
  formAnswered: {
    label: 'Formulier ingevuld',
    create: () => ({ kind: 'formAnswered', flowId: '', emailFieldId: '', optionId: null }),
  },
  date: {
    label: 'Datum',
    create: () => ({ kind: 'date', listId: '', attribute: 1, mode: 'on', days: 0, time: '09:00' }),
  },
  manual: { label: 'Handmatig', create: () => ({ kind: 'manual' }) },
  rsvpAnswered: {
    label: 'RSVP beantwoord',
    create: () => ({ kind: 'rsvpAnswered', publicationId: '', answer: null }),
  },
};

export const conditionKindsUi: Record<ConditionKind, { label: string; create(): JourneyCondition }> = {
  field: { label: 'Veld', create: () => ({ kind: 'field', field: 'city', operator: 'IsEqual', value: '' }) },
  formAnswer: {
    label: 'Antwoord op formulier',
    create: () => ({ kind: 'formAnswer', flowId: '', emailFieldId: '', optionId: '' }),
  },
  rsvpAnswer: {
    label: 'RSVP-antwoord',
    create: () => ({ kind: 'rsvpAnswer', publicationId: '', answer: 'Ja' }),
  },
  clickedIn: {
    label: 'Geklikt in publicatie',
    create: () => ({ kind: 'clickedIn', publicationId: '' }),
  },
};

/** Offered only where who clicked is known: the personal measuring modes (see ClickedInInputs). */
export const personalOnlyConditions: ReadonlySet<ConditionKind> = new Set(['clickedIn']);

export const opensNote =
  'Openen wordt niet aangeboden: of iemand een mail opende is onbetrouwbaar (afbeeldingen worden vaak geblokkeerd of juist vooraf geladen). Alleen klikken op een link tellen; klikken van linkscanners niet.';

export const stepKindsUi: Record<StepKind, { label: string; create(id: string): JourneyStep }> = {
  send: {
    label: 'Verstuur publicatie',
    create: (id) => ({ id, kind: 'send', publicationId: '', templateId: '', next: null }),
  },
  wait: {
    label: 'Wacht',
    create: (id) => ({ id, kind: 'wait', wait: { type: 'duration', minutes: 24 * 60 }, next: null }),
  },
  condition: {
    label: 'Voorwaarde',
    create: (id) => ({
      id,
      kind: 'condition',
      condition: conditionKindsUi.field.create(),
      yes: null,
      no: null,
    }),
  },
  addToList: {
    label: 'Toevoegen aan lijst',
    create: (id) => ({ id, kind: 'addToList', listId: '', next: null }),
  },
  removeFromList: {
    label: 'Verwijderen uit lijst',
    create: (id) => ({ id, kind: 'removeFromList', listId: '', next: null }),
  },
  updateField: {
    label: 'Veld bijwerken',
    create: (id) => ({ id, kind: 'updateField', field: 'attribute1', value: '', next: null }),
  },
  end: { label: 'Einde', create: (id) => ({ id, kind: 'end' }) },
};

/** The same Dutch labels as the server's error texts and the audience filters (contract/fieldLabels.ts). */
export const fieldLabels: Record<JourneyField, string> = sharedFieldLabels;

/** The audience filters' Dutch operator names (contract/receiverFields.ts). */
export const operatorLabels: Record<JourneyOperator, string> = filterOperatorLabels;

export const weekdayLabels = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'];

export const triggerLabel = (kind: string) => triggerKindsUi[kind as TriggerKind]?.label ?? kind;
