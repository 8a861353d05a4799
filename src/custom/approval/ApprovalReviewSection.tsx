import type { ApprovalRequest } from '@contract/approval';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../../dataProvider/serverMessage';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';
import { LoadError } from '../../layout/LoadError';
import { Findings } from '../publications/DeliverChecks';
import { PublicationPreview } from '../publications/PublicationPreview';
import { usePublication } from '../publications/usePublication';

/**
 * What a request would send, as it stands now: the deliver check's recipients, blockers and warnings,
 * the sender, and the preview through the request's template (the publication's own preview).
 */
export function ApprovalReviewSection({ record }: { record: ApprovalRequest }) {
  const translate = useTranslate();
  const review = useDeclaredQuery('approvals', 'review', { id: record.id });
  const publication = usePublication(record.publicationId ?? undefined);
  return (
    <Stack sx={{ gap: 2 }}>
      <Card variant="outlined" component="section" aria-labelledby="approval-review-title">
        <CardContent>
          <Typography id="approval-review-title" variant="h6" component="h3" sx={{ mb: 1 }}>
            {translate('app.approval.detail.review_title')}
          </Typography>
          {review.error ? (
            <LoadError
              message={serverMessage(review.error, translate('ra.notification.http_error'))}
              onRetry={() => void review.refetch()}
            />
          ) : null}
          {review.data ? (
            <>
              <Typography data-testid="approval-recipients" sx={{ mb: 0.5 }}>
                {translate('app.approval.detail.recipients_now', {
                  count: review.data.recipients.toLocaleString('nl-NL'),
                })}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
                {translate('app.approval.detail.from', { from: review.data.from })}
              </Typography>
              <Findings
                findings={review.data.blockers}
                severity="error"
                title={translate('app.approval.detail.blockers')}
              />
              <Findings
                findings={review.data.warnings}
                severity="warning"
                title={translate('app.approval.detail.warnings')}
              />
            </>
          ) : null}
        </CardContent>
      </Card>
      {publication.data ? (
        <PublicationPreview publication={publication.data} templateId={record.publicationTemplateId ?? undefined} />
      ) : null}
    </Stack>
  );
}
