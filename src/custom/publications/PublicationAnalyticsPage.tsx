import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { isClientError } from '../../dataProvider/serverError';
import { LoadingMessage } from '../../declarative/LoadingMessage';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';
import { LoadError } from '../../layout/LoadError';
import { AnalyticsChart } from './analytics/AnalyticsChart';
import { AnalyticsLinks } from './analytics/AnalyticsLinks';
import { AnalyticsRecipients } from './analytics/AnalyticsRecipients';
import { AnalyticsTiles } from './analytics/AnalyticsTiles';
import { MeasuringSetting } from './analytics/MeasuringSetting';
import { useAnalyticsText } from './analytics/useAnalyticsText';
import { useMeasuring } from './analytics/useMeasuring';
import { NoDataYet } from './NoDataYet';
import { PublicationAbTests } from '../abTests/PublicationAbTests';
import { PublicationNotFound } from './PublicationNotFound';
import { usePublication } from './usePublication';

const allJobs = '';
const personalModes = ['Per persoon gepseudonimiseerd', 'Per persoon'];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /publications/{id}/analytics: what the publication's deliveries did. Tiles, opens and clicks over time
 * (chart and table), the links, and per recipient only when the measuring mode is personal. All jobs or
 * one; read again while a job is sending (the action's declared `poll`).
 */
export function PublicationAnalyticsPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const t = useAnalyticsText();
  const [jobId, setJobId] = useState(allJobs);
  const publication = usePublication(id);
  const report = useDeclaredQuery(
    'publications',
    'analytics',
    { id, data: { jobId: jobId || undefined } },
    { keepPrevious: true },
  );
  const measuring = useMeasuring(id);

  if (publication.isPending || report.isPending || measuring.isPending) return <LoadingMessage />;
  const error = publication.error ?? report.error ?? measuring.error;
  if (error && !isClientError(error))
    return <LoadError error={error} onRetry={() => void report.refetch()} />;
  if (error || !publication.data || !report.data || !measuring.data) {
    return <PublicationNotFound message={error?.message} />;
  }
  const data = report.data;
  if (data.jobs.length === 0)
    return <NoDataYet messages="app.publications.analytics" icon={BarChartOutlinedIcon} />;
  const name = publication.data.name;
  const personal = personalModes.includes(data.mode);

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Title title={t('title', { name })} />
      <Stack spacing={3}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button component={Link} to={`/publications/${id}`} startIcon={<ArrowBackIcon />}>
            {translate('app.publications.page.back_to', { name })}
          </Button>
          {/* The page's heading is the title in the bar (Title). */}
          <Box sx={{ flexGrow: 1 }} />
          <Chip label={t('mode', { mode: data.mode })} data-testid="measuring-mode" />
          <TextField
            select
            size="small"
            label={t('job')}
            value={jobId}
            onChange={(event) => setJobId(event.target.value)}
            // 'Alle jobs' is the empty value: shown as chosen, not as an empty field under its label.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value={allJobs}>{t('all_jobs')}</MenuItem>
            {data.jobs.map((job) => (
              <MenuItem key={job.id} value={job.id}>
                {job.title} ({job.status})
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {data.mode === 'Uit' ? <Alert severity="info">{t('mode_off')}</Alert> : null}
        <AnalyticsTiles report={data} publicationId={id} />
        <PublicationAbTests
          publicationId={id}
          jobTitles={new Map(data.jobs.map((job) => [job.id, job.title]))}
        />
        <Typography variant="body2" color="text.secondary">
          {t('opens_note')}
        </Typography>
        <Section id="analytics-chart" title={t('chart_title')}>
          <AnalyticsChart series={data.series} />
        </Section>
        <Section id="analytics-links" title={t('links_title')}>
          <AnalyticsLinks links={data.links} />
        </Section>
        {personal ? (
          <Section id="analytics-recipients" title={t('recipients_title')}>
            <AnalyticsRecipients publicationId={id} publicationName={name} jobId={jobId || undefined} />
          </Section>
        ) : null}
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <MeasuringSetting publicationId={id} measuring={measuring.data} />
        </Paper>
      </Stack>
    </Box>
  );
}
