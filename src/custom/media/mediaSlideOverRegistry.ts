import { lazyView } from '../../declarative/lazyView';
import type { SlideOverRegistry } from '../../slideover/slideOverTypes';
import { mediaSlideOverTypes } from './mediaSlideOvers';

/** The media area's panels, spread into src/slideover/registry.ts; each loads when it first opens. */
export const mediaSlideOverRegistry: SlideOverRegistry = {
  [mediaSlideOverTypes.fileDetails]: lazyView(
    () => import('./slideovers/FileDetailsSlideOver'),
    'FileDetailsSlideOver',
  ),
  [mediaSlideOverTypes.newFolder]: lazyView(
    () => import('./slideovers/NewFolderSlideOver'),
    'NewFolderSlideOver',
  ),
  [mediaSlideOverTypes.renameFolder]: lazyView(
    () => import('./slideovers/RenameFolderSlideOver'),
    'RenameFolderSlideOver',
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
