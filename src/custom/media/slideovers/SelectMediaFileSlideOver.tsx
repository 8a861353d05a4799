import Typography from '@mui/material/Typography';
import type { MediaFile } from '@contract/media';
import { useState } from 'react';
import { useCallAccess } from '../../../declarative/useDeclaredAccess';
import { useTranslate } from 'react-admin';
import { SlideOverCloseButton } from '../../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../../slideover/SlideOverPanel';
import { MediaBrowser } from '../MediaBrowser';
import type { FolderPath } from '../mediaPath';
import { isPreviewable } from '../tileRules';
import { UploadArea } from '../UploadArea';

export interface SelectMediaFileSlideOverProps {
  /** Receives the chosen file; the panel then closes. */
  onSelect?(file: MediaFile): void;
  /** Offers only images (the files the gallery previews), e.g. for a logo. */
  imagesOnly?: boolean;
}

const isImage = (file: MediaFile) => isPreviewable(file.extension);

/**
 * Select media file (spec §2): the media browser from '/' with the upload area, without the 'Nieuwe Map'
 * tile; choosing a file hands it to `onSelect` and closes the panel. Open it with `openMediaFilePicker`.
 */
export function SelectMediaFileSlideOver({ onSelect, imagesOnly }: SelectMediaFileSlideOverProps) {
  const translate = useTranslate();
  const { close } = useSlideOver();
  const [path, setPath] = useState<FolderPath>([]);
  const mayUpload = useCallAccess('mediaFiles', 'upload').shown;
  const choose = (file: MediaFile) => {
    onSelect?.(file);
    close();
  };
  return (
    <SlideOverPanel title={translate('media.select_file.title')} actions={<SlideOverCloseButton />}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(imagesOnly ? 'media.select_file.intro_images' : 'media.select_file.intro')}
      </Typography>
      <MediaBrowser
        dense
        path={path}
        onNavigate={setPath}
        onFileClick={choose}
        selecting
        showsFile={imagesOnly ? isImage : undefined}
        toolbar={mayUpload ? (folder) => <UploadArea directoryId={folder.id} /> : undefined}
      />
    </SlideOverPanel>
  );
}
