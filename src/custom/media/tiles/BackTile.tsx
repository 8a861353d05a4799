import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useTranslate } from 'react-admin';
import { TileFrame } from './TileFrame';

/** 'Terug': one folder up (spec §2). */
export function BackTile({ onClick }: { onClick(): void }) {
  const translate = useTranslate();
  const label = translate('media.tiles.back');
  return (
    <TileFrame
      testId="media-tile-back"
      ariaLabel={label}
      title={label}
      onClick={onClick}
      visual={<ArrowUpwardIcon sx={{ fontSize: 56, color: 'text.secondary' }} />}
    />
  );
}
