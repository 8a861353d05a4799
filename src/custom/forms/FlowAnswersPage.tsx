import type { FlowDetail, Submission } from '@contract/forms';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Title, useGetList, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DeclaredTable } from '../../declarative/DeclaredTable';
import { LoadingMessage } from '../../declarative/LoadingMessage';
import { useActionDownload } from '../../declarative/useActionDownload';
import { pageSize } from '@contract/paging';
import { BackToOverview } from '../../layout/BackToOverview';
import { formatDateTime } from '../../i18n/dateFormat';
import { flowOptionCounts } from '../../resources/flowAnswers';
import { useRefreshEvents } from '../../slideover/refreshEvents';

/**
 * /forms/{id}/data: the answers of a form. How often each option was chosen (with the places left),
 * every submission with its answers per question (newest first), and the whole set as CSV.
 */
export function FlowAnswersPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const flow = useGetOne<FlowDetail>('flows', { id });
  const submissions = useGetList<Submission>('flowSubmissions', {
    filter: { flowId: id, order: 'DESC' },
    pagination: { page: 1, perPage: pageSize },
    sort: { field: '', order: 'DESC' },
  });
  useRefreshEvents(['refreshflow', 'refreshflowfield'], () => void submissions.refetch());

  if (flow.isPending) return <LoadingMessage />;
  if (!flow.data) {
    return (
      <Alert severity="warning" sx={{ m: 3 }}>
        {translate('app.forms.flows.not_found')}
      </Alert>
    );
  }
  const questions = flow.data.fields;

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100, minWidth: 0 }}>
      <Title title={translate('app.forms.answers.page_title', { name: flow.data.name })} />
      <Card variant="outlined">
        <CardContent>
          <BackToOverview
            to={`/forms/${id}`}
            label={translate('app.forms.answers.back', { name: flow.data.name })}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
            <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
              {translate('app.forms.answers.heading', { name: flow.data.name })}
            </Typography>
            <CsvButton
              flowId={id}
              fileName={translate('app.forms.answers.csv_file', { name: flow.data.name })}
            />
          </Stack>
          <Typography color="text.secondary">
            {translate('app.forms.answers.count', { smart_count: submissions.total ?? 0 })}
          </Typography>
        </CardContent>
      </Card>
      <section aria-labelledby="flow-counts-title">
        <Typography id="flow-counts-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.forms.counts.title')}
        </Typography>
        <DeclaredTable declaration={flowOptionCounts} filter={{ flowId: id }} embedded />
      </section>
      <section aria-labelledby="flow-submissions-title">
        <Typography id="flow-submissions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.forms.answers.submissions')}
        </Typography>
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          {submissions.isPending ? (
            <LoadingMessage />
          ) : (submissions.data ?? []).length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {translate('app.forms.answers.none')}
            </Typography>
          ) : (
            <Table size="small" aria-label={translate('app.forms.answers.submissions')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.forms.answers.fields.createdAt')}</TableCell>
                  {questions.map((question) => (
                    <TableCell key={question.id}>{question.label}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(submissions.data ?? []).map((submission) => (
                  <TableRow key={submission.id}>
                    <TableCell>{formatDateTime(submission.createdAt)}</TableCell>
                    {questions.map((question) => (
                      <TableCell key={question.id}>
                        {submission.answers.find((answer) => answer.fieldId === question.id)?.value ?? ''}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      </section>
    </Stack>
  );
}

/** 'CSV downloaden': the server writes the file (a kept CSV library); the browser saves it. */
function CsvButton({ flowId, fileName }: { flowId: string; fileName: string }) {
  const translate = useTranslate();
  const { busy, download } = useActionDownload('flowSubmissions');
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => void download('csv', { meta: { flowId } }, fileName)}
    >
      {translate('app.forms.answers.csv')}
    </Button>
  );
}
