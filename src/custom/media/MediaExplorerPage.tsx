import Box from '@mui/material/Box';
import { Title, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCallAccess } from '../../declarative/useDeclaredAccess';
import { FolderActions } from './FolderActions';
import { MediaBrowser } from './MediaBrowser';
import { childPath, folderUrl, parentPath, parseFolderUrl, type FolderPath } from './mediaPath';
import { openFileDetails, openNewFolder } from './mediaSlideOvers';
import { isRootFolder } from './tileRules';
import { UploadArea } from './UploadArea';
import { useRefreshCachedFolder } from './useRefreshCachedFolder';

/**
 * /media/{path} (spec §2): the folder in the URL (a reload stays there), its breadcrumb, the upload
 * area for that folder and the gallery. Files open File details; 'Nieuwe Map' opens New folder.
 * Below the root, the folder can be renamed (the URL follows the new name) and deleted (the explorer
 * goes to the parent). A Lezer looks only: no upload area, no 'Nieuwe Map', no rename or delete.
 */
export function MediaExplorerPage() {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const refreshCachedFolder = useRefreshCachedFolder();
  const mayUpload = useCallAccess('mediaFiles', 'upload').shown;
  const mayCreateFolder = useCallAccess('mediaFolders', 'create').shown;
  const path = parseFolderUrl(location.pathname);
  const goTo = (target: FolderPath) => navigate(folderUrl(target));
  // The old URL names a folder that no longer exists: replace it, so 'back' does not lead there.
  // Only the parent is read again here: the folder at the old URL is gone.
  const followRename = (name: string) => {
    const parent = parentPath(path);
    void refreshCachedFolder(parent);
    navigate(folderUrl(childPath(parent, name)), { replace: true });
  };
  const leaveDeleted = async () => {
    const parent = parentPath(path);
    await refreshCachedFolder(parent);
    navigate(folderUrl(parent), { replace: true });
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1600 }}>
      <Title title={translate('media.explorer.title')} />
      <MediaBrowser
        path={path}
        onNavigate={goTo}
        onNewFolder={mayCreateFolder ? openNewFolder : undefined}
        onFileClick={openFileDetails}
        toolbar={mayUpload ? (folder) => <UploadArea directoryId={folder.id} /> : undefined}
        folderActions={(folder) =>
          isRootFolder(folder) ? null : (
            // Keyed by folder: the next folder starts with its dialog closed.
            <FolderActions
              key={folder.id}
              folder={folder}
              onRenamed={followRename}
              onDeleted={leaveDeleted}
            />
          )
        }
      />
    </Box>
  );
}
