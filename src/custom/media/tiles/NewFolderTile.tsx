import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import { useTranslate } from 'react-admin';
import { TileFrame } from './TileFrame';

/** 'Nieuwe Map': opens the New folder panel for the current folder (spec §2). */
export function NewFolderTile({ onClick }: { onClick(): void }) {
  const translate = useTranslate();
  const label = translate('media.tiles.new_folder');
  return (
    <TileFrame
      testId="media-tile-new-folder"
      ariaLabel={label}
      title={label}
      onClick={onClick}
      visual={<CreateNewFolderOutlinedIcon sx={{ fontSize: 56, color: 'primary.main' }} />}
    />
  );
}
