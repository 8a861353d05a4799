import { audiences } from '../../../src/resources/audiences';
import { jobs } from '../../../src/resources/jobs';
import { publicationBlocks } from '../../../src/resources/publicationBlocks';
import { publicationTypes } from '../../../src/resources/publicationTypes';
import { publications } from '../../../src/resources/publications';
import { renderDeclarative } from './declarativeTestApp';

/** The console's publication declarations, plus the audiences (receivers area) the deliver form reads. */
export const publicationDeclarations = [publications, publicationTypes, publicationBlocks, jobs, audiences];

/** Renders the publications area as the console does (routes, slide-overs, notifications) at `path`. */
export function renderPublications(path = '/') {
  return renderDeclarative(publicationDeclarations, { path });
}
