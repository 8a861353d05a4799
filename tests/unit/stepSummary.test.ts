import { describe, expect, it } from 'vitest';
import type { JourneyStep } from '@contract/journeys';
import { stepSummary, type StepNames } from '../../src/custom/journeys/stepSummary';
import { i18nProvider } from '../../src/i18n/i18nProvider';

// What the approver of a journey reads for each step: what it does, with the names of what it uses.

const names: StepNames = {
  publications: new Map([['p1', 'Welkom bij de nieuwsbrief']]),
  lists: new Map([['l1', 'Nieuwsbrief bewoners']]),
};
const translate = i18nProvider.translate;
const summary = (step: JourneyStep) => stepSummary(step, names, translate);

describe('a journey step in one line', () => {
  it('names the publication a send step sends, and the list a list step changes', () => {
    expect(summary({ id: 's', kind: 'send', publicationId: 'p1', templateId: 't1', next: null })).toBe(
      'Verstuur publicatie: Welkom bij de nieuwsbrief',
    );
    expect(summary({ id: 'a', kind: 'addToList', listId: 'l1', next: null })).toBe(
      'Toevoegen aan lijst: Nieuwsbrief bewoners',
    );
    expect(summary({ id: 'r', kind: 'removeFromList', listId: 'gone', next: null })).toBe(
      'Verwijderen uit lijst: —',
    );
  });

  it('says how long a wait takes, or until when', () => {
    const wait = (value: Extract<JourneyStep, { kind: 'wait' }>['wait']) =>
      summary({ id: 'w', kind: 'wait', wait: value, next: null });
    expect(wait({ type: 'duration', minutes: 1440 })).toBe('Wacht 1 dag');
    expect(wait({ type: 'duration', minutes: 2 * 1440 + 3 * 60 })).toBe('Wacht 2 dagen en 3 uur');
    expect(wait({ type: 'duration', minutes: 90 })).toBe('Wacht 1 uur en 30 minuten');
    expect(wait({ type: 'untilWeekday', weekday: 1, time: '09:00' })).toBe('Wacht tot maandag 09:00');
    expect(wait({ type: 'untilDate', at: '2026-12-31T17:30:00.000Z' })).toBe('Wacht tot 31-12-2026 18:30');
  });

  it('states the condition and the field a step updates', () => {
    expect(
      summary({
        id: 'c',
        kind: 'condition',
        condition: { kind: 'field', field: 'city', operator: 'IsEqual', value: 'Zuiderveen' },
        yes: null,
        no: null,
      }),
    ).toBe("Voorwaarde — Veld: Woonplaats is gelijk aan 'Zuiderveen'");
    expect(summary({ id: 'u', kind: 'updateField', field: 'city', value: 'Noord', next: null })).toBe(
      "Veld bijwerken: Woonplaats wordt 'Noord'",
    );
    expect(summary({ id: 'e', kind: 'end' })).toBe('Einde');
  });
});
