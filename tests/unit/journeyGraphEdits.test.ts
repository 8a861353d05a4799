import { describe, expect, it } from 'vitest';
import type { JourneyGraph } from '../../server/src/contract/journeys';
import { insertStep, newStepId, removeStep, renameStep } from '../../src/custom/journeys/graphEdits';
import { stepKindsUi } from '../../src/custom/journeys/kindLabels';

const empty: JourneyGraph = {
  triggers: [],
  start: null,
  steps: [],
  settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
};

describe('journey graph edits (the editor)', () => {
  it('inserts into a slot, the slot’s old target following the new step; a condition takes it on Ja', () => {
    let graph = insertStep(
      empty,
      { at: 'start' },
      stepKindsUi.send.create(newStepId(empty, 'Verstuur publicatie')),
    );
    graph = insertStep(graph, { at: 'start' }, stepKindsUi.condition.create(newStepId(graph, 'Voorwaarde')));
    expect(graph.start).toBe('voorwaarde');
    expect(graph.steps.find((step) => step.id === 'voorwaarde')).toMatchObject({
      yes: 'verstuur-publicatie',
      no: null,
    });
    graph = insertStep(
      graph,
      { at: 'no', stepId: 'voorwaarde' },
      stepKindsUi.end.create(newStepId(graph, 'Einde')),
    );
    expect(graph.steps.find((step) => step.id === 'voorwaarde')).toMatchObject({
      yes: 'verstuur-publicatie',
      no: 'einde',
    });
  });

  it('removes a step: what pointed to it points to what followed, and its unreachable branch goes too', () => {
    let graph = insertStep(empty, { at: 'start' }, stepKindsUi.wait.create('w'));
    graph = insertStep(graph, { at: 'next', stepId: 'w' }, stepKindsUi.condition.create('c'));
    graph = insertStep(graph, { at: 'yes', stepId: 'c' }, stepKindsUi.send.create('yes'));
    graph = insertStep(graph, { at: 'no', stepId: 'c' }, stepKindsUi.send.create('no'));
    const withoutWait = removeStep(graph, 'w');
    expect(withoutWait.start).toBe('c');
    const withoutCondition = removeStep(graph, 'c');
    expect(withoutCondition.steps.map((step) => step.id).sort()).toEqual(['w', 'yes']);
    expect(withoutCondition.steps.find((step) => step.id === 'w')).toMatchObject({ next: 'yes' });
  });

  it('names new steps readably and uniquely; a rename follows every reference', () => {
    let graph = insertStep(empty, { at: 'start' }, stepKindsUi.wait.create(newStepId(empty, 'Wacht')));
    graph = insertStep(
      graph,
      { at: 'next', stepId: 'wacht' },
      stepKindsUi.wait.create(newStepId(graph, 'Wacht')),
    );
    expect(graph.steps.map((step) => step.id)).toEqual(['wacht', 'wacht-2']);
    expect(newStepId(graph, 'Één nieuwsbrief: januari 2025!')).toBe('een-nieuwsbrief-januari-2025');
    expect(newStepId(graph, 'Uitnodiging bewonersavond Stationsgebied')).toBe('uitnodiging-bewonersavond');
    const renamed = renameStep(graph, 'wacht-2', 'welkomstmail');
    expect(renamed.steps.find((step) => step.id === 'wacht')).toMatchObject({ next: 'welkomstmail' });
    expect(renameStep(graph, 'wacht', 'eerst').start).toBe('eerst');
  });
});
