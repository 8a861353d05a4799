import type { CreateThemeBody, Theme } from '@contract/themes';
import PaletteIcon from '@mui/icons-material/Palette';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  List,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Form,
  TextInput,
  maxLength,
  regex,
  required,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { selectedEnvironment, updateSession } from '../authProvider/session';
import { useSession } from '../authProvider/useSession';
import { SignOutButton } from '../layout/SignOutButton';
import { ColorInput, hexColor } from '../declarative/ColorInput';
import type { ConsoleDataProvider } from './environmentCalls';
import { EnvironmentList } from './EnvironmentList';
import { EnvironmentLogo } from './EnvironmentLogo';
import { environmentThemeQueryKey } from './useEnvironmentTheme';
import { serverMessage } from '../dataProvider/serverMessage';

/** A sensible start: the platform's own blue. */
const defaultPrimaryColor = '#1f5fa8';

const validateName = [required('app.onboarding.name_required'), maxLength(100)];
const validateColor = [
  required('app.onboarding.color_required'),
  regex(hexColor, 'app.onboarding.color_invalid'),
];

/**
 * Replaces the app while the selected environment has no theme: the user creates it (name and primary
 * colour, POST /themes) and the app appears. Users with more environments may go to another one instead.
 */
export function OnboardingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const session = useSession();
  const current = selectedEnvironment(session);
  const environmentName = current?.environment.name ?? translate('app.environment.unknown');

  const createTheme = useMutation({
    mutationFn: (body: CreateThemeBody) => dataProvider.createEnvironmentTheme(body),
    onSuccess: (theme: Theme) => {
      markEnvironmentThemed(theme);
      notify('app.onboarding.created', { type: 'success' });
      // The gate reads this query: with a theme in it, the app appears.
      queryClient.setQueryData(environmentThemeQueryKey(session.environmentId), theme);
    },
    onError: (error: Error) => {
      console.error('Creating the theme failed', error);
      notify(serverMessage(error, 'app.onboarding.failed'), { type: 'error' });
    },
  });

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: 'background.default',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: { xs: 2, sm: 4 },
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
            <EnvironmentLogo
              environmentId={current?.environment.id}
              fileIdToLogo={current?.theme?.fileIdToLogo}
              name={environmentName}
              size={56}
            />
            <Typography variant="h1" sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' } }}>
              {translate('app.onboarding.title', { name: environmentName })}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.onboarding.intro')}
          </Typography>
          <Form
            defaultValues={{ name: environmentName, primaryColor: defaultPrimaryColor }}
            onSubmit={(values: Record<string, unknown>) =>
              createTheme.mutate({
                name: String(values.name).trim(),
                primaryColor: String(values.primaryColor),
              })
            }
          >
            <TextInput source="name" label="app.onboarding.name" validate={validateName} />
            <ColorInput
              source="primaryColor"
              label="app.onboarding.primary_color"
              helperText="app.onboarding.primary_color_help"
              validate={validateColor}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={createTheme.isPending}
              startIcon={
                createTheme.isPending ? <CircularProgress size={18} color="inherit" /> : <PaletteIcon />
              }
              sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
            >
              {translate('app.onboarding.submit')}
            </Button>
          </Form>
          {(session.availableEnvironmentCount ?? 0) > 1 && (
            <>
              <Divider sx={{ my: 3 }} />
              <Typography sx={{ mb: 1.5 }}>{translate('app.onboarding.other_environment')}</Typography>
              <EnvironmentList excludeCurrent compact />
            </>
          )}
          <Divider sx={{ my: 2 }} />
          <List disablePadding>
            <SignOutButton />
          </List>
        </CardContent>
      </Card>
    </Box>
  );

  function markEnvironmentThemed(theme: Theme): void {
    const available = session.availableEnvironments?.map((entry) =>
      entry.environment.id === session.environmentId
        ? { ...entry, theme: { fileIdToLogo: theme.fileIdToLogo } }
        : entry,
    );
    if (available) updateSession({ availableEnvironments: available });
  }
}
