import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../authProvider/useSession';
import { GridList } from '../layout/GridList';
import { EnvironmentLogo } from './EnvironmentLogo';
import { useSwitchEnvironment } from './useSwitchEnvironment';

interface EnvironmentListProps {
  /** Leave the selected environment out (the onboarding screen offers only the others). */
  excludeCurrent?: boolean;
  /** Smaller logos and tiles, for a list that is not the page's subject. */
  compact?: boolean;
}

/** The environments the user may work in, each with its logo and name; choosing one switches to it. */
export function EnvironmentList({ excludeCurrent = false, compact = false }: EnvironmentListProps) {
  const translate = useTranslate();
  const { availableEnvironments = [], environmentId } = useSession();
  const switchEnvironment = useSwitchEnvironment();
  const shown = availableEnvironments.filter(
    (entry) => !excludeCurrent || entry.environment.id !== environmentId,
  );

  if (shown.length === 0) {
    return <Typography color="text.secondary">{translate('app.environments.none')}</Typography>;
  }
  return (
    <GridList columns={{ xs: '1fr', sm: `repeat(auto-fill, minmax(${compact ? 220 : 280}px, 1fr))` }}>
      {shown.map((entry) => {
        const current = entry.environment.id === environmentId;
        return (
          <li key={entry.environment.id}>
            <Card sx={current ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}>
              <CardActionArea
                onClick={() => switchEnvironment(entry)}
                aria-current={current ? 'true' : undefined}
                sx={{ p: compact ? 1.5 : 2 }}
              >
                <Stack direction="row" spacing={2} alignItems="center">
                  <EnvironmentLogo
                    environmentId={entry.environment.id}
                    fileIdToLogo={entry.theme?.fileIdToLogo}
                    name={entry.environment.name}
                    size={compact ? 48 : undefined}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography
                      variant="subtitle1"
                      component="span"
                      sx={{ display: 'block', fontWeight: 600, lineHeight: 1.3 }}
                    >
                      {entry.environment.name}
                    </Typography>
                    {current ? (
                      <Chip
                        icon={<CheckCircleIcon />}
                        label={translate('app.environments.current')}
                        color="primary"
                        size="small"
                        sx={{ mt: 0.5 }}
                      />
                    ) : (
                      <Typography variant="body2" color="primary" sx={{ mt: 0.5 }}>
                        {translate('app.environments.open')}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </CardActionArea>
            </Card>
          </li>
        );
      })}
    </GridList>
  );
}
