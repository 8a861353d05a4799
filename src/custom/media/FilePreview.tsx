import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MediaFile } from '@contract/media';
import { useTranslate } from 'react-admin';
import { useSession } from '../../authProvider/useSession';
import { cdnImageUrl, detailPreviewSize } from './cdnImageUrl';
import { previewImageSx } from './previewImageSx';
import { extensionLabel, isPreviewable } from './tileRules';

/** The details preview: a 740x500 crop for images (spec §9), a document icon with the extension otherwise. */
export function FilePreview({ file }: { file: MediaFile }) {
  const translate = useTranslate();
  const { environmentId = '', cdnBaseUrl = '' } = useSession();
  const frame = {
    aspectRatio: `${detailPreviewSize.width} / ${detailPreviewSize.height}`,
    width: '100%',
    borderRadius: 1,
    overflow: 'hidden',
    bgcolor: 'grey.100',
    display: 'grid',
    placeItems: 'center',
  } as const;
  if (!isPreviewable(file.extension)) {
    return (
      <Box sx={{ ...frame, color: 'text.secondary' }}>
        <Box sx={{ display: 'grid', placeItems: 'center' }}>
          <InsertDriveFileOutlinedIcon sx={{ fontSize: 80 }} />
          <Typography sx={{ fontWeight: 700 }}>{extensionLabel(file.extension)}</Typography>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <Box
        component="img"
        src={cdnImageUrl(cdnBaseUrl, environmentId, file, detailPreviewSize)}
        alt={translate('media.details.preview', { name: file.friendlyName })}
        width={detailPreviewSize.width}
        height={detailPreviewSize.height}
        sx={previewImageSx(file.extension)}
      />
    </Box>
  );
}
