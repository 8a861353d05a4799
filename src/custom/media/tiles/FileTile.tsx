import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MediaFile } from '@contract/media';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { cdnImageUrl, tilePreviewSize } from '../cdnImageUrl';
import { formatFileSize } from '../formatFileSize';
import { previewImageSx } from '../previewImageSx';
import { extensionLabel, isPreviewable } from '../tileRules';
import { TileFrame } from './TileFrame';

export interface FileTileProps {
  file: MediaFile;
  cdnBase: string;
  environmentId: string;
  onClick(file: MediaFile): void;
  /** Set in pickers: the tile is announced as a choice. */
  selecting?: boolean;
}

/**
 * A file: a 400x400 crop from the CDN for images (.jpg .jpeg .gif .png .webp .svg), else a document
 * icon with the extension; below it the friendly name and the size (spec §2).
 */
export function FileTile({ file, cdnBase, environmentId, onClick, selecting }: FileTileProps) {
  const translate = useTranslate();
  const size = formatFileSize(file.sizeInBytes);
  // An image the CDN cannot render (a corrupt upload) shows as a document, not as a broken image.
  const [unrenderable, setUnrenderable] = useState(false);
  const showsImage = isPreviewable(file.extension) && !unrenderable;
  // The name read out holds what the tile shows, in its order (the document's type, name, size), so
  // people who use speech input can say what they see (WCAG 2.5.3).
  const spokenName = showsImage
    ? file.friendlyName
    : `${extensionLabel(file.extension)} ${file.friendlyName}`;
  const visual = showsImage ? (
    <Box
      component="img"
      src={cdnImageUrl(cdnBase, environmentId, file, tilePreviewSize)}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setUnrenderable(true)}
      width={tilePreviewSize.width}
      height={tilePreviewSize.height}
      sx={previewImageSx(file.extension)}
    />
  ) : (
    <Box
      sx={{ display: 'grid', placeItems: 'center', color: 'text.secondary' }}
      data-testid="media-document-icon"
    >
      <InsertDriveFileOutlinedIcon sx={{ fontSize: 64 }} />
      <Typography variant="caption" sx={{ fontWeight: 700, letterSpacing: 0.5, mt: -0.5 }}>
        {extensionLabel(file.extension)}
      </Typography>
    </Box>
  );
  return (
    <TileFrame
      testId="media-tile-file"
      ariaLabel={translate(selecting ? 'media.tiles.select_file' : 'media.tiles.file', {
        name: spokenName,
        size,
      })}
      title={file.friendlyName}
      fullTitle={file.name}
      subtitle={size}
      onClick={() => onClick(file)}
      visual={visual}
    />
  );
}
