import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { SlideOverCloseButton } from '../../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../../slideover/SlideOverPanel';
import { MediaBrowser } from '../MediaBrowser';
import { folderPathKey, type FolderPath } from '../mediaPath';
import type { SelectedMediaDirectory } from '../mediaSlideOvers';
import { rootFolderName } from '../tileRules';
import { useMediaFolder } from '../useMediaFolder';

export interface SelectMediaDirectorySlideOverProps {
  /** Receives the chosen folder; the panel then closes. */
  onSelect?(folder: SelectedMediaDirectory): void;
}

/**
 * Select media directory (spec §2): folders only, starting at '/'; open folders to go deeper and
 * 'Selecteren' takes the folder shown. Open it with `openMediaDirectoryPicker`.
 */
export function SelectMediaDirectorySlideOver({ onSelect }: SelectMediaDirectorySlideOverProps) {
  const translate = useTranslate();
  const { close } = useSlideOver();
  const [path, setPath] = useState<FolderPath>([]);
  const { data: folder } = useMediaFolder(path);
  const current = folder?.name ?? rootFolderName;
  const select = () => {
    if (!folder) return;
    onSelect?.({ id: folder.id, name: folder.name, path: folderPathKey(path) });
    close();
  };
  return (
    <SlideOverPanel
      title={translate('media.select_directory.title')}
      actions={
        <>
          <SlideOverCloseButton />
          <Button variant="contained" onClick={select} disabled={!folder}>
            {translate('media.select_directory.submit')}
          </Button>
        </>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('media.select_directory.current', { folder: current })}
      </Typography>
      <MediaBrowser dense path={path} onNavigate={setPath} />
    </SlideOverPanel>
  );
}
