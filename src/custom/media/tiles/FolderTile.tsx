import FolderIcon from '@mui/icons-material/Folder';
import type { MediaDirectorySummary } from '@contract/media';
import { useTranslate } from 'react-admin';
import { TileFrame } from './TileFrame';

/** A sub-folder; opening it shows its content (spec §2). */
export function FolderTile({
  folder,
  onOpen,
  selected,
}: {
  folder: MediaDirectorySummary;
  onOpen(folder: MediaDirectorySummary): void;
  selected?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TileFrame
      testId="media-tile-folder"
      ariaLabel={translate('media.tiles.folder', { name: folder.name })}
      title={folder.name}
      fullTitle={folder.name}
      onClick={() => onOpen(folder)}
      selected={selected}
      visual={<FolderIcon sx={{ fontSize: 72, color: 'primary.light' }} />}
    />
  );
}
