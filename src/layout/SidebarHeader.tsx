import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { selectedEnvironment } from '../authProvider/session';
import { useSession } from '../authProvider/useSession';
import { EnvironmentLogo } from '../environments/EnvironmentLogo';

/** The selected environment's logo (80x80) and name at the top of the sidebar. */
export function SidebarHeader() {
  const translate = useTranslate();
  const current = selectedEnvironment(useSession());
  const name = current?.environment.name ?? translate('app.environment.unknown');

  return (
    <Box
      sx={{
        px: 2,
        pt: 3,
        pb: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: 1.5,
      }}
    >
      <EnvironmentLogo
        environmentId={current?.environment.id}
        fileIdToLogo={current?.theme?.fileIdToLogo}
        name={name}
      />
      <Typography
        component="p"
        variant="subtitle1"
        data-testid="environment-name"
        sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
      >
        {name}
      </Typography>
    </Box>
  );
}
