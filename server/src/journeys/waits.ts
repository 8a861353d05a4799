import type { Static } from '@sinclair/typebox';
import type { WaitStep } from '../contract/journeys';
import { journeyTimeZone, nextWeekdayAt } from './amsterdamTime';

type Wait = Static<typeof WaitStep>['wait'];

/** When a 'Wacht' step entered at `from` ends: computed once, on arrival, and stored. */
export function waitTarget(wait: Wait, from: Date): Date {
  switch (wait.type) {
    case 'duration':
      return new Date(from.getTime() + wait.minutes * 60_000);
    case 'untilDate':
      return new Date(wait.at);
    case 'untilWeekday':
      return nextWeekdayAt(from, wait.weekday, wait.time);
  }
}

const shown = new Intl.DateTimeFormat('nl-NL', {
  timeZone: journeyTimeZone,
  dateStyle: 'long',
  timeStyle: 'short',
});

export function waitDescription(at: Date): string {
  return shown.format(at);
}
