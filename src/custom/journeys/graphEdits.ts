import type { JourneyGraph, JourneyStep } from '@contract/journeys';

// Edits of a journey's graph as the editor makes them: a step is inserted into a slot (the start, a
// step's 'next', a condition's 'Ja' or 'Nee') and takes over what the slot pointed to; a removed step's
// slot points to what followed it, and steps nobody reaches any more go with it.

export type Slot = { at: 'start' } | { at: 'next' | 'yes' | 'no'; stepId: string };

export function slotTarget(graph: JourneyGraph, slot: Slot): string | null {
  if (slot.at === 'start') return graph.start;
  const step = graph.steps.find((candidate) => candidate.id === slot.stepId);
  if (!step) return null;
  if (slot.at === 'next') return 'next' in step ? (step.next ?? null) : null;
  return step.kind === 'condition' ? step[slot.at] : null;
}

function pointSlot(graph: JourneyGraph, slot: Slot, target: string | null): JourneyGraph {
  if (slot.at === 'start') return { ...graph, start: target };
  return {
    ...graph,
    steps: graph.steps.map((step) => {
      if (step.id !== slot.stepId) return step;
      if (slot.at === 'next' && step.kind !== 'condition' && step.kind !== 'end')
        return { ...step, next: target };
      if (slot.at !== 'next' && step.kind === 'condition') return { ...step, [slot.at]: target };
      return step;
    }),
  };
}

/**
 * A step id that reads as what the step is ('welkomstmail', 'wacht', 'wacht-2'), from a name: lower
 * case, accents dropped, anything else a hyphen, at most 32 characters in whole words (the contract
 * allows 40, with room for '-2'), unique.
 */
export function newStepId(graph: JourneyGraph, name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // A long name is cut after its last whole word that fits.
  const cut = slug.length > 32 ? slug.slice(0, 33).replace(/-[^-]*$/, '') || slug.slice(0, 32) : slug;
  const base = cut || 'stap';
  const used = new Set(graph.steps.map((step) => step.id));
  let id = base;
  for (let number = 2; used.has(id); number++) id = `${base}-${number}`;
  return id;
}

/** Gives step `from` the id `to`, and every reference to it (the start, a next, a yes or no) with it. */
export function renameStep(graph: JourneyGraph, from: string, to: string): JourneyGraph {
  const renamed = (id: string | null | undefined) => (id === from ? to : (id ?? null));
  return {
    ...graph,
    start: renamed(graph.start),
    steps: graph.steps.map((step): JourneyStep => {
      const own = step.id === from ? { ...step, id: to } : step;
      if (own.kind === 'condition') return { ...own, yes: renamed(own.yes), no: renamed(own.no) };
      if (own.kind === 'end') return own;
      return { ...own, next: renamed(own.next) };
    }),
  };
}

/** Inserts `step` into the slot; what the slot led to follows the step (a condition: on 'Ja'). */
export function insertStep(graph: JourneyGraph, slot: Slot, step: JourneyStep): JourneyGraph {
  const following = slotTarget(graph, slot);
  const linked: JourneyStep =
    step.kind === 'condition'
      ? { ...step, yes: following }
      : step.kind === 'end'
        ? step
        : { ...step, next: following };
  return pointSlot({ ...graph, steps: [...graph.steps, linked] }, slot, linked.id);
}

export function replaceStep(graph: JourneyGraph, step: JourneyStep): JourneyGraph {
  return { ...graph, steps: graph.steps.map((candidate) => (candidate.id === step.id ? step : candidate)) };
}

/** Removes a step: whatever pointed to it points to what followed it; unreachable steps are dropped. */
export function removeStep(graph: JourneyGraph, id: string): JourneyGraph {
  const removed = graph.steps.find((step) => step.id === id);
  if (!removed) return graph;
  const following =
    removed.kind === 'condition' ? removed.yes : removed.kind === 'end' ? null : (removed.next ?? null);
  const redirect = (target: string | null | undefined) => (target === id ? following : (target ?? null));
  const steps = graph.steps
    .filter((step) => step.id !== id)
    .map((step): JourneyStep => {
      if (step.kind === 'condition') return { ...step, yes: redirect(step.yes), no: redirect(step.no) };
      if (step.kind === 'end') return step;
      return { ...step, next: redirect(step.next) };
    });
  return reachableOnly({ ...graph, start: redirect(graph.start), steps });
}

function reachableOnly(graph: JourneyGraph): JourneyGraph {
  const byId = new Map(graph.steps.map((step) => [step.id, step]));
  const reached = new Set<string>();
  const visit = (id: string | null | undefined) => {
    if (!id || reached.has(id) || !byId.has(id)) return;
    reached.add(id);
    const step = byId.get(id)!;
    if (step.kind === 'condition') {
      visit(step.yes);
      visit(step.no);
    } else if (step.kind !== 'end') visit(step.next);
  };
  visit(graph.start);
  return { ...graph, steps: graph.steps.filter((step) => reached.has(step.id)) };
}

/** The slot that leads to step `id` (the start, or another step's next, yes or no); none for a stray step. */
export function slotOf(graph: JourneyGraph, id: string): Slot | undefined {
  if (graph.start === id) return { at: 'start' };
  for (const step of graph.steps) {
    if (step.kind === 'condition') {
      if (step.yes === id) return { at: 'yes', stepId: step.id };
      if (step.no === id) return { at: 'no', stepId: step.id };
    } else if (step.kind !== 'end' && step.next === id) return { at: 'next', stepId: step.id };
  }
  return undefined;
}

type LinearStep = Exclude<JourneyStep, { kind: 'condition' } | { kind: 'end' }>;
const isLinear = (step: JourneyStep | undefined): step is LinearStep =>
  step !== undefined && step.kind !== 'condition' && step.kind !== 'end';

/**
 * The step that `id` can swap places with when moved down: the one after it, if both lead to exactly one
 * next step. A condition or an end keeps its place (what follows it would have nowhere to go).
 */
function swapDownPartner(graph: JourneyGraph, id: string): LinearStep | undefined {
  const step = graph.steps.find((candidate) => candidate.id === id);
  if (!isLinear(step) || !step.next) return undefined;
  const following = graph.steps.find((candidate) => candidate.id === step.next);
  return isLinear(following) ? following : undefined;
}

/** The step before `id` in its chain, when `id` can move up past it. */
function swapUpPartner(graph: JourneyGraph, id: string): string | undefined {
  const slot = slotOf(graph, id);
  if (!slot || slot.at !== 'next') return undefined;
  return swapDownPartner(graph, slot.stepId) ? slot.stepId : undefined;
}

export const canMove = (graph: JourneyGraph, id: string, direction: 'up' | 'down'): boolean =>
  direction === 'up' ? swapUpPartner(graph, id) !== undefined : swapDownPartner(graph, id) !== undefined;

/** Moves a step one place up or down its chain, swapping it with its neighbour; unchanged when it cannot. */
export function moveStep(graph: JourneyGraph, id: string, direction: 'up' | 'down'): JourneyGraph {
  const upper = direction === 'down' ? id : swapUpPartner(graph, id);
  if (!upper) return graph;
  const lower = swapDownPartner(graph, upper);
  const slot = slotOf(graph, upper);
  if (!lower || !slot) return graph;
  const swapped = pointSlot(graph, slot, lower.id);
  return {
    ...swapped,
    steps: swapped.steps.map((step) => {
      if (step.id === lower.id) return { ...lower, next: upper };
      if (step.id === upper && isLinear(step)) return { ...step, next: lower.next ?? null };
      return step;
    }),
  };
}
