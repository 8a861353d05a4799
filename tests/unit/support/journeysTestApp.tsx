import { resources } from '../../../src/resources';
import { renderDeclarative } from './declarativeTestApp';

/** The journeys area and what its page reads of other areas (lists, audiences, publications, forms). */
const journeyNames: ReadonlySet<string> = new Set([
  'journeys',
  'lists',
  'audiences',
  'publications',
  'publicationTypes',
  'flows',
  'flowFields',
  'fieldOptions',
]);

export const journeyDeclarations = resources.filter((declaration) => journeyNames.has(declaration.name));

/** Renders the journeys area as the console does (routes, slide-overs, notifications) at `path`. */
export function renderJourneys(path = '/journeys/') {
  return renderDeclarative(journeyDeclarations, { path });
}
