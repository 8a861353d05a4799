import { declaredSlideOvers } from '../declarative/declaredSlideOvers';
import { mediaSlideOverRegistry } from '../custom/media/mediaSlideOverRegistry';
import { resources } from '../resources';
import type { SlideOverRegistry } from './slideOverTypes';

/**
 * Every slide-over panel of the console, in one place. The declared resources contribute their
 * slide-over forms (`{resource}.{view}` or their `slideOverType`); a hand-written panel is one line in
 * its area's registry, with its props named beside it (see mediaSlideOverRegistry.ts):
 *
 *   fileDetails: lazyView(() => import('./slideovers/FileDetailsSlideOver'), 'FileDetailsSlideOver'),
 *
 * and is opened with `openSlideOver('fileDetails', { fileId })`; ./slideOverProps.ts names the props
 * of every type, so a wrong type or wrong props is a compile error.
 */
export const slideOverRegistry: SlideOverRegistry = {
  ...declaredSlideOvers(resources),
  ...mediaSlideOverRegistry, // fileDetails, newFolder, renameFolder, selectMediaFile, selectMediaDirectory
};
