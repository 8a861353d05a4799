import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Chip, Stack, Typography, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { LinkBase, Title, useTranslate } from 'react-admin';
import { homePath } from '../environments/useSwitchEnvironment';

export interface NotYetAvailableProps {
  /** Key under `app.areas` naming the area (its title and a one-line description). */
  area: string;
  icon?: ComponentType<SvgIconProps>;
}

/** What a route shows until its area is built: the area's name, what it will do, and that it is not there yet. */
export function NotYetAvailable({ area, icon: Icon = ConstructionOutlinedIcon }: NotYetAvailableProps) {
  const translate = useTranslate();
  const title = translate(`app.areas.${area}.title`);

  return (
    <Box sx={{ p: 1, display: 'grid', placeItems: 'center', minHeight: { xs: '60vh', md: '70vh' } }}>
      <Title title={title} />
      <Stack spacing={2} alignItems="center" sx={{ maxWidth: 480, textAlign: 'center' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            opacity: 0.9,
          }}
        >
          <Icon sx={{ fontSize: 48 }} aria-hidden />
        </Box>
        <Typography variant="h2" component="p">
          {title}
        </Typography>
        <Chip label={translate('app.not_yet_available.badge')} color="warning" variant="outlined" />
        <Typography>{translate(`app.areas.${area}.description`)}</Typography>
        <Typography color="text.secondary">{translate('app.not_yet_available.text')}</Typography>
        <Button component={LinkBase} to={homePath} startIcon={<ArrowBackIcon />}>
          {translate('app.not_found.home')}
        </Button>
      </Stack>
    </Box>
  );
}
