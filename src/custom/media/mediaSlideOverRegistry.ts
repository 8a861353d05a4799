import { lazyView } from '../../declarative/lazyView';
import type { SlideOverRegistry } from '../../slideover/slideOverTypes';
import { mediaSlideOverTypes } from './mediaSlideOvers';

/**
 * The media area's own panels, spread into src/slideover/registry.ts; each loads when it first opens.
 * New folder and Rename folder are the mediaFolders declaration's forms.
 */
export const mediaSlideOverRegistry: SlideOverRegistry = {
  [mediaSlideOverTypes.fileDetails]: lazyView(
    () => import('./slideovers/FileDetailsSlideOver'),
    'FileDetailsSlideOver',
  ),
  [mediaSlideOverTypes.selectMediaFile]: lazyView(
    () => import('./slideovers/SelectMediaFileSlideOver'),
    'SelectMediaFileSlideOver',
  ),
  [mediaSlideOverTypes.selectMediaDirectory]: lazyView(
    () => import('./slideovers/SelectMediaDirectorySlideOver'),
    'SelectMediaDirectorySlideOver',
  ),
};
