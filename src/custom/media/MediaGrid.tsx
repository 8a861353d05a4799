import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MediaDirectory, MediaDirectorySummary, MediaFile } from '@contract/media';
import { useTranslate } from 'react-admin';
import { BackTile } from './tiles/BackTile';
import { FileTile } from './tiles/FileTile';
import { FolderTile } from './tiles/FolderTile';
import { NewFolderTile } from './tiles/NewFolderTile';
import { showsBackTile } from './tileRules';
import { useProgressiveCount } from './useProgressiveCount';

/** Files mounted per step; the rest follow while scrolling. */
const filesPerStep = 120;

export interface MediaGridProps {
  folder: MediaDirectory;
  cdnBase: string;
  environmentId: string;
  onOpenFolder(folder: MediaDirectorySummary): void;
  onBack(): void;
  /** Shows the 'Nieuwe Map' tile; leave out to hide it (pickers). */
  onNewFolder?(): void;
  /** Shows the files; leave out to hide them (the directory picker). */
  onFileClick?(file: MediaFile): void;
  /** Announces file tiles as choices (pickers). */
  selecting?: boolean;
  /** Smaller tiles, for the narrow picker panels. */
  dense?: boolean;
  /** Shows only the files this accepts (the logo picker: images). */
  showsFile?(file: MediaFile): boolean;
}

/**
 * The gallery of one folder (spec §2): 'Terug' (not at the root named Media), the sub-folders, the
 * optional 'Nieuwe Map' tile, then the files. Long folders render progressively.
 */
export function MediaGrid({
  folder,
  cdnBase,
  environmentId,
  onOpenFolder,
  onBack,
  onNewFolder,
  onFileClick,
  selecting,
  dense,
  showsFile,
}: MediaGridProps) {
  const translate = useTranslate();
  const files = !onFileClick ? [] : showsFile ? folder.files.filter(showsFile) : folder.files;
  const [shownFiles, sentinel, showMore] = useProgressiveCount(files.length, filesPerStep);
  const backTile = showsBackTile(folder);
  const isEmpty = !backTile && folder.directories.length === 0 && files.length === 0 && !onNewFolder;

  return (
    <Box>
      <Box
        role="list"
        aria-label={folder.name}
        sx={{
          display: 'grid',
          gap: { xs: 1.5, sm: 2 },
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: `repeat(auto-fill, minmax(${dense ? 128 : 168}px, 1fr))`,
          },
        }}
      >
        {backTile ? (
          <Box role="listitem">
            <BackTile onClick={onBack} />
          </Box>
        ) : null}
        {folder.directories.map((directory) => (
          <Box role="listitem" key={directory.id}>
            <FolderTile folder={directory} onOpen={onOpenFolder} />
          </Box>
        ))}
        {onNewFolder ? (
          <Box role="listitem">
            <NewFolderTile onClick={onNewFolder} />
          </Box>
        ) : null}
        {onFileClick
          ? files.slice(0, shownFiles).map((file) => (
              <Box role="listitem" key={file.id}>
                <FileTile
                  file={file}
                  cdnBase={cdnBase}
                  environmentId={environmentId}
                  onClick={onFileClick}
                  selecting={selecting}
                />
              </Box>
            ))
          : null}
      </Box>
      {shownFiles < files.length ? (
        <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <Button onClick={showMore}>
            {translate('media.explorer.more', { count: files.length - shownFiles })}
          </Button>
        </Box>
      ) : null}
      {isEmpty ? (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {translate('media.explorer.empty')}
        </Typography>
      ) : null}
    </Box>
  );
}
