import { declaredSlideOvers } from '../declarative/declaredSlideOvers';
import { mediaSlideOverRegistry } from '../custom/media/mediaSlideOverRegistry';
import { resources } from '../resources';
import type { SlideOverRegistry } from './slideOverTypes';

/**
 * Every slide-over type of the console, in one place. The declared resources contribute their
 * slide-over forms (`{resource}.{view}` or their `slideOverType`); a hand-written panel is one line:
 *
 *   newFolder: NewFolderSlideOver,
 *
 * and is opened with `openSlideOver('newFolder', { folder })`.
 */
export const slideOverRegistry: SlideOverRegistry = {
  ...declaredSlideOvers(resources),
  ...mediaSlideOverRegistry, // fileDetails, newFolder, renameFolder, selectMediaFile, selectMediaDirectory
};
