import type { JourneyCondition, JourneyStep } from '@contract/journeys';
import type { TranslateFunction } from 'react-admin';
import { formatDutchDateTime } from '../../i18n/dutchDate';
import { conditionKindsUi, fieldLabels, operatorLabels, stepKindsUi } from './kindLabels';

/** The names a summary shows for the ids a step holds; an id missing here (deleted, not yet read) shows '—'. */
export interface StepNames {
  publications: ReadonlyMap<string, string>;
  lists: ReadonlyMap<string, string>;
}

const minutesPerHour = 60;
const minutesPerDay = 24 * minutesPerHour;

/** '2 dagen en 3 uur', '1 dag', '45 minuten': the parts of a wait that are not zero. */
function waitDuration(minutes: number, translate: TranslateFunction): string {
  const parts = [
    ['days', Math.floor(minutes / minutesPerDay)],
    ['hours', Math.floor((minutes % minutesPerDay) / minutesPerHour)],
    ['minutes', minutes % minutesPerHour],
  ] as const;
  return parts
    .filter(([, count]) => count > 0)
    .map(([unit, count]) => translate(`app.journeys.summary.${unit}`, { smart_count: count }))
    .join(` ${translate('app.journeys.summary.and')} `);
}

function conditionSummary(condition: JourneyCondition, names: StepNames, translate: TranslateFunction) {
  const kind = translate(conditionKindsUi[condition.kind].label);
  switch (condition.kind) {
    case 'field':
      return `${kind}: ${fieldLabels[condition.field]} ${operatorLabels[condition.operator]} '${condition.value}'`;
    case 'rsvpAnswer':
      return `${kind}: '${condition.answer}' (${names.publications.get(condition.publicationId) ?? '—'})`;
    case 'clickedIn':
      return `${kind}: ${names.publications.get(condition.publicationId) ?? '—'}`;
    case 'formAnswer':
      return kind;
  }
}

/**
 * One line that says what a step does, with the names of what it uses: 'Verstuur publicatie:
 * Welkom', 'Wacht 2 dagen', 'Toevoegen aan lijst: Nieuwsbrief'. For whoever reads a journey
 * without its editor, such as the approver of a request to publish it.
 */
export function stepSummary(step: JourneyStep, names: StepNames, translate: TranslateFunction): string {
  const kind = translate(stepKindsUi[step.kind].label);
  switch (step.kind) {
    case 'send':
      return `${kind}: ${names.publications.get(step.publicationId) ?? '—'}`;
    case 'wait': {
      const { wait } = step;
      if (wait.type === 'duration') return `${kind} ${waitDuration(wait.minutes, translate)}`;
      const until =
        wait.type === 'untilDate'
          ? formatDutchDateTime(wait.at)
          : `${translate(`app.journeys.weekdays.${wait.weekday}`)} ${wait.time}`;
      return `${kind} ${translate('app.journeys.summary.until', { until })}`;
    }
    case 'condition':
      return `${kind} — ${conditionSummary(step.condition, names, translate)}`;
    case 'addToList':
    case 'removeFromList':
      return `${kind}: ${names.lists.get(step.listId) ?? '—'}`;
    case 'updateField':
      return `${kind}: ${translate('app.journeys.summary.field_becomes', {
        field: fieldLabels[step.field],
        value: step.value,
      })}`;
    case 'end':
      return kind;
  }
}
