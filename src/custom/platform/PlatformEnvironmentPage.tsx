import type { PlatformEnvironment } from '@contract/platform';
import { Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DeclaredTable } from '../../declarative/DeclaredTable';
import { LoadingMessage } from '../../declarative/LoadingMessage';
import { platformMembers } from '../../resources/platformMembers';

/** One environment for platform administrators: its name and its members (declared table). */
export function PlatformEnvironmentPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: environment, isPending } = useGetOne<PlatformEnvironment>('platformEnvironments', { id });
  if (isPending) return <LoadingMessage />;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h1">{environment?.name ?? translate('app.platform.environments.one')}</Typography>
      <DeclaredTable declaration={platformMembers} filter={{ managedEnvironmentId: id }} embedded />
    </Stack>
  );
}
