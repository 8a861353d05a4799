import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { MediaDirectory, MediaFile } from '@contract/media';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useSession } from '../../authProvider/useSession';
import { LoadError } from '../../layout/LoadError';
import { MediaBreadcrumb } from './MediaBreadcrumb';
import { MediaGrid } from './MediaGrid';
import { childPath, parentPath, type FolderPath } from './mediaPath';
import { useMediaFolder } from './useMediaFolder';

export interface MediaBrowserProps {
  /** The folder shown; the media browser starts at the root ('/', spec §2). */
  path: FolderPath;
  /** Choosing a folder (tile, 'Terug', breadcrumb) asks to show that path. */
  onNavigate(path: FolderPath): void;
  /** Shows the 'Nieuwe Map' tile with this action; left out it is hidden (pickers). */
  onNewFolder?(folder: MediaDirectory): void;
  /** Shows the files, opening one with this action; left out files are hidden (directory picker). */
  onFileClick?(file: MediaFile): void;
  /** File tiles are announced as choices (the file picker). */
  selecting?: boolean;
  /** Shows only the files this accepts (the logo picker: images). */
  showsFile?(file: MediaFile): boolean;
  /** Smaller tiles, for the narrow picker panels. */
  dense?: boolean;
  /** Rendered between the breadcrumb and the grid once the folder is known, e.g. the upload area. */
  toolbar?(folder: MediaDirectory): ReactNode;
  /**
   * Rendered next to the breadcrumb for the folder shown, e.g. rename and delete. Only once that folder
   * itself has loaded: while the next one loads, the previous one stays on screen, and an action must
   * never reach the folder the user just left.
   */
  folderActions?(folder: MediaDirectory): ReactNode;
}

/**
 * The media browser used by the explorer page and the pickers: breadcrumb plus gallery of one folder,
 * loaded by path. It only asks to navigate; the owner decides where the path lives (URL or state).
 */
export function MediaBrowser({
  path,
  onNavigate,
  onNewFolder,
  onFileClick,
  selecting,
  showsFile,
  dense,
  toolbar,
  folderActions,
}: MediaBrowserProps) {
  const translate = useTranslate();
  const { environmentId = '', cdnBaseUrl = '' } = useSession();
  const { data: folder, error, isPending, isFetching, isPlaceholderData, refetch } = useMediaFolder(path);
  const actions = folder && !error && !isPlaceholderData ? folderActions?.(folder) : null;

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 1,
          // The row keeps its height while actions come and go between folders.
          minHeight: folderActions ? 31 : undefined,
        }}
      >
        <MediaBreadcrumb path={path} onNavigate={onNavigate} />
        {actions}
      </Stack>
      <Box sx={{ minHeight: 4 }}>
        {isFetching ? <LinearProgress aria-label={translate('media.explorer.loading')} /> : null}
      </Box>
      {error && error.status !== 404 ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : error ? (
        <Alert
          severity="info"
          action={
            path.length > 0 ? (
              <Button color="inherit" size="small" onClick={() => onNavigate([])}>
                {translate('media.explorer.to_root')}
              </Button>
            ) : undefined
          }
        >
          {translate('media.explorer.not_found')}
        </Alert>
      ) : null}
      {folder && !error ? (
        // While the next folder loads, the one just left stays in view but cannot be used: a drop, a new
        // folder or a click on a tile would otherwise act on the folder the user already left.
        <Box
          inert={isPlaceholderData}
          aria-busy={isPlaceholderData}
          sx={{ opacity: isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }}
        >
          {toolbar?.(folder)}
          <MediaGrid
            // A new folder starts with its first tiles, not with the previous folder's scroll depth.
            key={folder.id}
            folder={folder}
            cdnBase={cdnBaseUrl}
            environmentId={environmentId}
            onOpenFolder={(directory) => onNavigate(childPath(path, directory.name))}
            onBack={() => onNavigate(parentPath(path))}
            onNewFolder={onNewFolder ? () => onNewFolder(folder) : undefined}
            onFileClick={onFileClick}
            selecting={selecting}
            showsFile={showsFile}
            dense={dense}
          />
        </Box>
      ) : null}
      {isPending && !error ? <Box sx={{ minHeight: 200 }} aria-busy /> : null}
    </Stack>
  );
}
