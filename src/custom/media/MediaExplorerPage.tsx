import Box from '@mui/material/Box';
import { useCallback } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { broadcastRefresh } from '../../slideover/refreshEvents';
import { MediaBrowser } from './MediaBrowser';
import { folderUrl, parseFolderUrl, type FolderPath } from './mediaPath';
import { openFileDetails, openNewFolder } from './mediaSlideOvers';
import { UploadArea } from './UploadArea';

/**
 * /media/{path} (spec §2): the folder in the URL (a reload stays there), its breadcrumb, the upload
 * area for that folder and the gallery. Files open File details; 'Nieuwe Map' opens New folder.
 */
export function MediaExplorerPage() {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const path = parseFolderUrl(location.pathname);
  const refreshFolder = useCallback(() => broadcastRefresh(['refreshmedia']), []);
  const goTo = (target: FolderPath) => navigate(folderUrl(target));

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1600 }}>
      <Title title={translate('media.explorer.title')} />
      <MediaBrowser
        path={path}
        onNavigate={goTo}
        onNewFolder={openNewFolder}
        onFileClick={openFileDetails}
        toolbar={(folder) => <UploadArea directoryId={folder.id} onComplete={refreshFolder} />}
      />
    </Box>
  );
}
