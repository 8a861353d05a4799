import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DeclaredTable } from '../../../declarative/DeclaredTable';
import { useActionDownload } from '../../../declarative/useActionDownload';
import { analyticsRecipients } from '../../../resources/analyticsRecipients';
import { useAnalyticsText } from './useAnalyticsText';

/**
 * Opens and clicks per recipient, only shown in the personal measuring modes: the declared table (paged,
 * sorted and searched by the server) and the whole table as CSV.
 */
export function AnalyticsRecipients({
  publicationId,
  publicationName,
  jobId,
  refreshKey,
}: {
  publicationId: string;
  publicationName: string;
  jobId: string | undefined;
  /** Changes when the figures were read again (every 5 s while sending), so the table follows. */
  refreshKey: number;
}) {
  const t = useAnalyticsText();
  const queryClient = useQueryClient();
  const { busy, download } = useActionDownload('publications');
  const firstKey = useRef(refreshKey);
  useEffect(() => {
    // The first figures came with the table's own first read.
    if (refreshKey === firstKey.current) return;
    void queryClient.invalidateQueries({ queryKey: [analyticsRecipients.name] }, { cancelRefetch: false });
  }, [refreshKey, queryClient]);
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
