import type { ImportPreview } from '@contract/listImports';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslate } from 'react-admin';
import { formatFileSize } from '../../media/formatFileSize';
import { delimiterName } from './delimiterName';
import { dropZoneSx } from '../../../layout/dropZoneSx';
import { useTouchScreen } from '../../../layout/useTouchScreen';
import { serverMessage } from '../../../dataProvider/serverMessage';

/** Dutch Excel saves CSV as text/csv, or on Windows as application/vnd.ms-excel: both by extension. */
const csvFiles = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
};

export interface ChosenFile {
  file: File;
  preview: ImportPreview;
}

/**
 * Step 1: drop or choose one CSV file (react-dropzone, as the media upload). The server reads it
 * (`…/imports/preview`): encoding, delimiter, header and first rows come back; nothing is kept yet.
 */
export function ImportFileStep({
  chosen,
  readPreview,
  onChosen,
}: {
  chosen: ChosenFile | undefined;
  readPreview(file: File): Promise<ImportPreview>;
  onChosen(chosen: ChosenFile): void;
}) {
  const translate = useTranslate();
  const touch = useTouchScreen();
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: csvFiles,
    maxFiles: 1,
    multiple: false,
    useFsAccessApi: false,
    disabled: reading,
    onDrop: async ([file], rejected) => {
      if (!file) {
        if (rejected.length > 0) setProblem(translate('app.receivers.imports.file.wrong_type'));
        return;
      }
      setProblem(undefined);
      setReading(true);
      try {
        const preview = await readPreview(file);
        if (preview.header.length === 0) setProblem(translate('app.receivers.imports.file.empty_header'));
        else onChosen({ file, preview });
      } catch (error) {
        const message = serverMessage(error, 'ra.notification.http_error');
        setProblem(translate(message, { _: message }));
      } finally {
        setReading(false);
      }
    },
  });

  return (
    <Stack spacing={2}>
      <Typography>{translate('app.receivers.imports.file.intro')}</Typography>
      <Box
        {...getRootProps()}
        data-testid="import-file-area"
        sx={dropZoneSx({ dragActive: isDragActive, busy: reading, py: { xs: 3, sm: 4 } })}
      >
        <input {...getInputProps()} data-testid="import-file-input" />
        <CloudUploadOutlinedIcon sx={{ fontSize: 40, color: 'primary.main' }} />
        <Typography>
          {translate(
            isDragActive
              ? 'app.receivers.imports.file.dropping'
              : touch
                ? 'app.receivers.imports.file.drop_touch'
                : 'app.receivers.imports.file.drop',
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.receivers.imports.file.excel')}
        </Typography>
      </Box>
      {reading ? (
        <Box role="status">
          <LinearProgress sx={{ mb: 1 }} aria-hidden />
          <Typography variant="body2">{translate('app.receivers.imports.file.reading')}</Typography>
        </Box>
      ) : null}
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      {chosen && !reading ? (
        <Alert severity="success" icon={<InsertDriveFileOutlinedIcon />}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {translate('app.receivers.imports.file.chosen', {
              name: chosen.file.name,
              size: formatFileSize(chosen.file.size),
            })}
          </Typography>
          <Typography variant="body2">
            {translate('app.receivers.imports.file.format', {
              encoding: chosen.preview.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252',
              delimiter: translate(delimiterName(chosen.preview.delimiter)),
            })}
          </Typography>
        </Alert>
      ) : null}
    </Stack>
  );
}
