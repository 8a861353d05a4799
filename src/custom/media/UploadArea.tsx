import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { useTranslate } from 'react-admin';
import { formatFileSize } from './formatFileSize';
import { rejectionMessage } from './rejectionMessage';
import { useUploadQueue, type UploadItem } from './useUploadQueue';
import { dropZoneSx } from '../../layout/dropZoneSx';
import { useTouchScreen } from '../../layout/useTouchScreen';

/** Spec §9: at most 50 files per drop by default. */
export const defaultMaxFiles = 50;
/** The server's default upload limit (UPLOAD_LIMIT_BYTES); larger files are refused before sending. */
export const defaultMaxSize = 50 * 1024 * 1024;

export interface UploadAreaProps {
  /** The folder the files go into. */
  directoryId: string | undefined;
  maxFiles?: number;
  maxSize?: number;
  minSize?: number;
  accept?: Accept;
}

/**
 * The upload area (spec §2, §4): drag and drop or click, one request per file, a progress bar per file
 * and overall. Rejected files get react-dropzone's English reasons (spec §5); failed uploads stay in the
 * list marked as failed. The file dialog uses the focus check (300 ms) to notice a cancelled dialog.
 */
export function UploadArea({
  directoryId,
  maxFiles = defaultMaxFiles,
  maxSize = defaultMaxSize,
  minSize,
  accept,
}: UploadAreaProps) {
  const translate = useTranslate();
  const queue = useUploadQueue(directoryId);
  const [rejections, setRejections] = useState<readonly FileRejection[]>([]);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) => {
      setRejections(rejected);
      queue.upload(accepted);
    },
    onFileDialogCancel: () => setRejections([]),
    useFsAccessApi: false,
    maxFiles,
    maxSize,
    minSize,
    accept,
    disabled: queue.uploading || !directoryId,
  });
  const done = queue.items.filter((item) => item.status === 'done').length;
  // The spec's text on a computer; on a phone there is nothing to drag, only to tap.
  const touch = useTouchScreen();
  const prompt = queue.uploading
    ? translate('media.upload.busy')
    : translate(touch ? 'media.upload.prompt_touch' : 'media.upload.prompt');

  return (
    // Space below keeps the drop zone apart from the tile grid that follows it.
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Box
        // react-dropzone makes the zone role=presentation: it is the button that picks a file.
        {...getRootProps({ role: 'button', 'aria-label': prompt })}
        data-testid="media-upload-area"
        sx={dropZoneSx({ dragActive: isDragActive, busy: queue.uploading, py: { xs: 2, sm: 3 } })}
      >
        <CloudUploadOutlinedIcon sx={{ fontSize: 40, color: 'primary.main' }} />
        <Typography>{prompt}</Typography>
      </Box>
      {/* Outside the zone: a button may not hold another control (the zone opens this input itself). */}
      <input {...getInputProps({ 'aria-label': prompt })} data-testid="media-upload-input" />

      {queue.items.length > 0 ? (
        <Box aria-live="polite" data-testid="media-upload-progress">
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5, minHeight: 30 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {translate(queue.uploading ? 'media.upload.overall' : 'media.upload.finished', {
                done,
                total: queue.totalFiles,
              })}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {queue.overallPercent}%
              </Typography>
              {queue.uploading ? null : (
                <IconButton size="small" onClick={queue.clear} aria-label={translate('media.upload.clear')}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={queue.overallPercent}
            aria-label={translate('media.upload.list')}
            sx={{ height: 8, borderRadius: 4, mb: 1.5 }}
          />
          <Stack
            component="ul"
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 280, overflowY: 'auto' }}
          >
            {queue.items.map((item) => (
              <UploadRow key={item.key} item={item} />
            ))}
          </Stack>
        </Box>
      ) : null}

      {rejections.length > 0 ? (
        <Alert severity="warning" onClose={() => setRejections([])}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {translate('media.upload.rejected')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {rejections.map(({ file, errors }) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                {file.name}: {errors.map((error) => rejectionMessage(error, { maxSize, minSize })).join(', ')}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </Stack>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const translate = useTranslate();
  const percent =
    item.size === 0 ? (item.status === 'done' ? 100 : 0) : Math.round((item.loaded / item.size) * 100);
  const failed = item.status === 'failed';
  return (
    <Box component="li" data-testid="media-upload-item" data-status={item.status}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {item.status === 'done' ? <CheckCircleIcon fontSize="small" color="success" /> : null}
        {failed ? <ErrorOutlineIcon fontSize="small" color="error" /> : null}
        <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={item.name}>
          {item.name}
        </Typography>
        <Typography variant="caption" color={failed ? 'error' : 'text.secondary'} sx={{ flexShrink: 0 }}>
          {failed
            ? translate('media.upload.status_failed')
            : `${formatFileSize(item.size)} · ${translate(`media.upload.status_${item.status}`)}`}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={failed ? 100 : percent}
        color={failed ? 'error' : item.status === 'done' ? 'success' : 'primary'}
        aria-label={item.name}
        sx={{ height: 4, borderRadius: 2, mt: 0.5 }}
      />
      {failed && item.error ? (
        <Typography variant="caption" color="error">
          {item.error}
        </Typography>
      ) : null}
    </Box>
  );
}
