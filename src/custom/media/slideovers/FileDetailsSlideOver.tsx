import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MediaFile } from '@contract/media';
import { useState, type ReactNode } from 'react';
import { HttpError, useDelete, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useActionDownload } from '../../../declarative/useActionDownload';
import { ConfirmedRun } from '../../../declarative/ConfirmedRun';
import { useCallAccess } from '../../../declarative/useDeclaredAccess';
import { SlideOverCloseButton } from '../../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../../slideover/SlideOverPanel';
import { FileNameEditor } from '../FileNameEditor';
import { FilePreview } from '../FilePreview';
import { FileTags } from '../FileTags';
import { FileUsageList } from '../FileUsageList';
import { formatFileSize } from '../formatFileSize';
import { deletionImpact, useFileUsage } from '../useFileUsage';
import { serverMessage } from '../../../dataProvider/serverMessage';

export interface FileDetailsSlideOverProps {
  fileId: string;
}

/**
 * File details (spec §2): 740x500 preview, size, original name, the current name (inline rename on
 * blur), tags, where the file is used, and Sluiten, Verwijderen (after 'Weet je zeker dat je {name}
 * wilt verwijderen?', naming the drafts that lose the image) and Downloaden. A file that is the logo or
 * in a sent publication is refused by the server: its message, listing the uses, shows in the panel.
 * Changes reload the media queries at the data edge, so the gallery behind follows. A Lezer sees the
 * details and downloads, without the pencil, the tag changes or Verwijderen.
 */
export function FileDetailsSlideOver({ fileId }: FileDetailsSlideOverProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { close } = useSlideOver();
  const { busy: downloading, download } = useActionDownload('mediaFiles');
  const { data: file, error, isPending } = useGetOne<MediaFile, HttpError>('mediaFiles', { id: fileId });
  const [update, { isPending: saving }] = useUpdate<MediaFile, HttpError>();
  const [remove, { isPending: deleting }] = useDelete<MediaFile, HttpError>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const usage = useFileUsage(fileId);
  const mayRename = useCallAccess('mediaFiles', 'edit').shown;
  const mayDelete = useCallAccess('mediaFiles', 'delete').shown;
  const impact = deletionImpact(usage.data);

  const rename = (name: string) => {
    if (!file) return;
    update(
      'mediaFiles',
      { id: file.id, data: { name }, previousData: file },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('media.details.name_saved', { type: 'success' });
        },
        onError: (failure) => notify(failure.message, { type: 'error' }),
      },
    );
  };
  const deleteFile = () =>
    remove(
      'mediaFiles',
      { id: fileId, previousData: file },
      { mutationMode: 'pessimistic', returnPromise: true },
    );
  // A refusal (409: in use) stays in view with its list of uses; anything else is a notice.
  const showRefusal = (failure: unknown) => {
    void usage.refetch();
    if (!(failure instanceof HttpError) || failure.status !== 409) return false;
    setRefusal(failure.message);
    return true;
  };
  const startDownload = () => {
    if (file) void download('download', { id: file.id }, file.originalName);
  };

  return (
    <SlideOverPanel
      title={translate('media.details.title')}
      actions={
        <>
          <SlideOverCloseButton />
          {mayDelete ? (
            <Button color="error" onClick={() => setConfirmOpen(true)} disabled={!file || deleting}>
              {translate('media.details.delete')}
            </Button>
          ) : null}
          <Button variant="contained" onClick={startDownload} disabled={!file || downloading}>
            {translate('media.details.download')}
          </Button>
        </>
      }
    >
      {isPending ? <LinearProgress aria-label={translate('media.explorer.loading')} /> : null}
      {error ? (
        <Alert severity="error">{serverMessage(error, translate('ra.notification.http_error'))}</Alert>
      ) : null}
      {refusal ? (
        <Alert severity="error" role="alert" onClose={() => setRefusal(undefined)} sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      ) : null}
      {file ? (
        <Stack spacing={2} sx={{ pb: 2 }}>
          <FilePreview file={file} />
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <Detail label={translate('media.details.size')}>{formatFileSize(file.sizeInBytes)}</Detail>
            <Detail label={translate('media.details.original_name')}>{file.originalName}</Detail>
            <Detail label={translate('media.details.name')}>
              <FileNameEditor name={file.name} onSave={rename} disabled={saving} readOnly={!mayRename} />
            </Detail>
          </Stack>
          <Divider />
          <Box component="section" aria-labelledby="file-usage-title">
            <Typography id="file-usage-title" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {translate('media.usage.title')}
            </Typography>
            {usage.isPending ? (
              <Typography variant="body2" color="text.secondary">
                {translate('media.usage.loading')}
              </Typography>
            ) : null}
            {usage.error ? (
              <Typography variant="body2" color="error">
                {serverMessage(usage.error, translate('ra.notification.http_error'))}
              </Typography>
            ) : null}
            {usage.data ? <FileUsageList usage={usage.data} onNavigate={close} /> : null}
          </Box>
          <Divider />
          <FileTags fileId={file.id} />
        </Stack>
      ) : null}
      <ConfirmedRun
        isOpen={confirmOpen}
        title={translate('media.details.delete_title')}
        content={
          impact === 'drafts' && usage.data ? (
            <Stack spacing={1}>
              <Typography>{translate('media.details.delete_confirm', { name: file?.name ?? '' })}</Typography>
              <Typography>{translate('media.details.delete_drafts')}</Typography>
              <FileUsageList usage={usage.data} onlyDrafts />
            </Stack>
          ) : (
            translate('media.details.delete_confirm', { name: file?.name ?? '' })
          )
        }
        confirm={translate('media.details.delete')}
        run={deleteFile}
        onDone={close}
        successMessage="media.details.deleted"
        onFailure={showRefusal}
        onClose={() => setConfirmOpen(false)}
      />
    </SlideOverPanel>
  );
}

/** One term of the details list; label and value side by side from 600 px, stacked on phones. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' },
        columnGap: 2,
        rowGap: 0.25,
        alignItems: 'center',
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Box>
  );
}
