import type { JourneyGraph, JourneyStep } from '../contract/journeys';
import { badRequest } from '../errors';

// The shape rules of a graph beyond its schema: step ids unique, every reference to a step that exists,
// no step reachable from itself (a person can never loop forever), at most one trigger of a list.

export const emptyGraph: JourneyGraph = {
  triggers: [],
  start: null,
  steps: [],
  settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
};

/** The steps a step leads to (a condition: yes and no). */
export function successors(step: JourneyStep): Array<string | null> {
  if (step.kind === 'condition') return [step.yes, step.no];
  if (step.kind === 'end') return [];
  return [step.next ?? null];
}

/** Refuses (400 naming `graph`) a graph whose references or order are broken. */
export function assertGraphShape(graph: JourneyGraph): void {
  const byId = new Map<string, JourneyStep>();
  for (const step of graph.steps) {
    if (byId.has(step.id)) throw badRequest('graph', `Stap '${step.id}' komt twee keer voor.`);
    byId.set(step.id, step);
  }
  const exists = (id: string | null) => id === null || byId.has(id);
  if (!exists(graph.start)) throw badRequest('graph', `De eerste stap '${graph.start}' bestaat niet.`);
  for (const step of graph.steps) {
    for (const next of successors(step)) {
      if (!exists(next))
        throw badRequest('graph', `Stap '${step.id}' verwijst naar een onbekende stap '${next}'.`);
    }
  }
  // Depth-first: a step met again on the path it was reached by is a loop.
  const done = new Set<string>();
  const visit = (id: string | null, path: Set<string>) => {
    if (id === null || done.has(id)) return;
    if (path.has(id)) throw badRequest('graph', `Stap '${id}' leidt terug naar zichzelf.`);
    path.add(id);
    for (const next of successors(byId.get(id)!)) visit(next, path);
    path.delete(id);
    done.add(id);
  };
  for (const step of graph.steps) visit(step.id, new Set());
}

export function stepsById(graph: JourneyGraph): Map<string, JourneyStep> {
  return new Map(graph.steps.map((step) => [step.id, step]));
}
