import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DeclaredTable } from '../../../declarative/DeclaredTable';
import { useActionDownload } from '../../../declarative/useActionDownload';
import { analyticsRecipients } from '../../../resources/analyticsRecipients';
import { useAnalyticsText } from './useAnalyticsText';

/**
 * Opens and clicks per recipient, only shown in the personal measuring modes: the declared table (paged,
 * sorted and searched by the server) and the whole table as CSV. While a job sends, the table follows the
 * figures as they are read again (the analytics action's declared `poll`).
 */
export function AnalyticsRecipients({
  publicationId,
  publicationName,
  jobId,
}: {
  publicationId: string;
  publicationName: string;
  jobId: string | undefined;
}) {
  const t = useAnalyticsText();
  const { busy, download } = useActionDownload('publications');
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlinedIcon />}
          disabled={busy}
          onClick={() =>
            void download(
              'analyticsRecipientsCsv',
              { id: publicationId, meta: { jobId } },
              `${publicationName} - resultaten.csv`,
            )
          }
        >
          {t('csv')}
        </Button>
      </Box>
      <DeclaredTable
        declaration={analyticsRecipients}
        filter={jobId ? { publicationId, jobId } : { publicationId }}
        embedded
        tableLabel={t('recipients_title')}
      />
    </Box>
  );
}
