import { audiences } from '../../../src/resources/audiences';
import { jobs } from '../../../src/resources/jobs';
import { publicationBlocks } from '../../../src/resources/publicationBlocks';
import { publicationTypes } from '../../../src/resources/publicationTypes';
import { publications } from '../../../src/resources/publications';
import { sender } from '../../../src/resources/sender';
import { renderDeclarative } from './declarativeTestApp';

/**
 * The console's publication declarations, plus what the deliver form reads of other areas: the audiences
 * (receivers) and the sender (settings).
 */
export const publicationDeclarations = [
  publications,
  publicationTypes,
  publicationBlocks,
  jobs,
  audiences,
  sender,
];

/** Renders the publications area as the console does (routes, slide-overs, notifications) at `path`. */
export function renderPublications(path = '/') {
  return renderDeclarative(publicationDeclarations, { path });
}
