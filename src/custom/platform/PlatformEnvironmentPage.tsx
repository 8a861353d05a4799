import type { PlatformEnvironment } from '@contract/platform';
import { Stack, Typography } from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DeclaredTable } from '../../declarative/DeclaredTable';
import { LoadingMessage } from '../../declarative/LoadingMessage';
import { recordPageTitle } from '../../declarative/DeclaredDetail';
import { platformMembers } from '../../resources/platformMembers';

/**
 * One environment for platform administrators: its name and its members (declared table). The page
 * bar and the browser tab name it and its kind ('Zuiderveen — Omgeving'); the name is the page's h2,
 * as on the declared detail pages.
 */
export function PlatformEnvironmentPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: environment, isPending } = useGetOne<PlatformEnvironment>('platformEnvironments', { id });
  const kind = translate('app.platform.environments.one');
  if (isPending) return <LoadingMessage />;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={recordPageTitle(environment?.name ?? '', kind)} />
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {environment?.name ?? kind}
      </Typography>
      <DeclaredTable declaration={platformMembers} filter={{ managedEnvironmentId: id }} embedded />
    </Stack>
  );
}
