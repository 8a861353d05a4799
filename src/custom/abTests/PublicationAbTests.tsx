import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';
import { LoadError } from '../../layout/LoadError';
import { AbTestComparison } from './AbTestComparison';

/** The analytics page's A/B tests of the publication, newest first, each its variants side by side. */
export function PublicationAbTests({
  publicationId,
  jobTitles,
}: {
  publicationId: string;
  jobTitles: Map<string, string>;
}) {
  const translate = useTranslate();
  const tests = useDeclaredQuery('publications', 'abTests', { id: publicationId });
  if (tests.error) return <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  return (
    <>
      {(tests.data ?? []).map((test) => (
        <Paper
          key={test.id}
          component="section"
          variant="outlined"
          aria-labelledby={`ab-test-${test.id}`}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <Typography id={`ab-test-${test.id}`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {translate('app.abTests.comparison_title', { title: jobTitles.get(test.parentJobId) ?? '' })}
          </Typography>
          <AbTestComparison test={test} />
        </Paper>
      ))}
    </>
  );
}
