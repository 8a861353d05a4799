import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';
import { LoadError } from '../../layout/LoadError';
import { AbTestComparison } from './AbTestComparison';

/** The job page's A/B test (the job is its parent, a variant or the remainder): state and comparison. */
export function JobAbTest({ jobId }: { jobId: string }) {
  const translate = useTranslate();
  const test = useDeclaredQuery('jobs', 'abTest', { id: jobId });
  if (test.error) return <LoadError error={test.error} onRetry={() => void test.refetch()} />;
  if (!test.data) return null;
  return (
    <Box component="section" aria-labelledby="job-ab-test" sx={{ mt: 2 }}>
      <Typography id="job-ab-test" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.abTests.title')}
      </Typography>
      <AbTestComparison test={test.data} />
    </Box>
  );
}
