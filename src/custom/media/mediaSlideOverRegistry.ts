import type { FunctionComponent } from 'react';
import { lazyView } from '../../declarative/lazyView';
import type { FileDetailsSlideOverProps } from './slideovers/FileDetailsSlideOver';
import type { SelectMediaDirectorySlideOverProps } from './slideovers/SelectMediaDirectorySlideOver';
import type { SelectMediaFileSlideOverProps } from './slideovers/SelectMediaFileSlideOver';

/** The media area's own panels by type, with their props; `openSlideOver` checks against these. */
export interface MediaSlideOverProps {
  fileDetails: FileDetailsSlideOverProps;
  selectMediaFile: SelectMediaFileSlideOverProps;
  selectMediaDirectory: SelectMediaDirectorySlideOverProps;
}

/**
 * The media area's own panels, spread into src/slideover/registry.ts; each loads when it first opens.
 * New folder and Rename folder are the mediaFolders declaration's forms.
 */
export const mediaSlideOverRegistry: {
  [TType in keyof MediaSlideOverProps]: FunctionComponent<MediaSlideOverProps[TType]>;
} = {
  fileDetails: lazyView(() => import('./slideovers/FileDetailsSlideOver'), 'FileDetailsSlideOver'),
  selectMediaFile: lazyView(
    () => import('./slideovers/SelectMediaFileSlideOver'),
    'SelectMediaFileSlideOver',
  ),
  selectMediaDirectory: lazyView(
    () => import('./slideovers/SelectMediaDirectorySlideOver'),
    'SelectMediaDirectorySlideOver',
  ),
};
