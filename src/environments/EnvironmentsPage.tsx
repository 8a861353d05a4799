import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { EnvironmentList } from './EnvironmentList';

/** /environments: lists the available environments and switches between them. */
export function EnvironmentsPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 1, maxWidth: 1100 }}>
      <Title title="app.environments.title" />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.environments.intro')}
      </Typography>
      <EnvironmentList />
    </Box>
  );
}
