import { describe, expect, it } from 'vitest';
import type { JourneyGraph } from '../../server/src/contract/journeys';
import { insertStep, newStepId, removeStep } from '../../src/custom/journeys/graphEdits';
import { stepKindsUi } from '../../src/custom/journeys/kindLabels';

const empty: JourneyGraph = {
  triggers: [],
  start: null,
  steps: [],
  settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
};

describe('journey graph edits (the editor)', () => {
  it('inserts into a slot, the slot’s old target following the new step; a condition takes it on Ja', () => {
    let graph = insertStep(empty, { at: 'start' }, stepKindsUi.send.create(newStepId(empty)));
    graph = insertStep(graph, { at: 'start' }, stepKindsUi.condition.create(newStepId(graph)));
    expect(graph.start).toBe('stap2');
    expect(graph.steps.find((step) => step.id === 'stap2')).toMatchObject({ yes: 'stap1', no: null });
    graph = insertStep(graph, { at: 'no', stepId: 'stap2' }, stepKindsUi.end.create(newStepId(graph)));
    expect(graph.steps.find((step) => step.id === 'stap2')).toMatchObject({ yes: 'stap1', no: 'stap3' });
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
});
