import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { isClientError } from '../../dataProvider/serverError';
import { LoadingMessage } from '../../declarative/LoadingMessage';
import { LoadError } from '../../layout/LoadError';
import { PublicationNotFound } from './PublicationNotFound';
import { usePublication } from './usePublication';

export interface NoDataYetProps {
  /** Key prefix with `title` (takes %{name}), `empty_title` and `empty_text`, e.g. 'app.publications.analytics'. */
  messages: string;
  icon: ComponentType<SvgIconProps>;
}

/**
 * A publication page whose data does not exist yet (analytics, RSVP): the publication's name, a
 * friendly statement that there is nothing to show yet, and the way back. Never a blank page.
 */
export function NoDataYet({ messages, icon: Icon }: NoDataYetProps) {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: publication, isPending, error, refetch } = usePublication(id);
  if (isPending) return <LoadingMessage />;
  if (error && !isClientError(error)) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (error || !publication) return <PublicationNotFound message={error?.message} />;
  const title = translate(`${messages}.title`, { name: publication.name });
  return (
    <Box
      sx={{
        p: { xs: 2, md: 3 },
        display: 'grid',
        placeItems: 'center',
        minHeight: { xs: '60vh', md: '70vh' },
      }}
    >
      <Title title={title} />
      <Stack spacing={2} sx={{ maxWidth: 480, textAlign: 'center', alignItems: 'center' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <Icon sx={{ fontSize: 48 }} aria-hidden />
        </Box>
        <Typography variant="h5" component="h2">
          {translate(`${messages}.empty_title`)}
        </Typography>
        <Typography color="text.secondary">{translate(`${messages}.empty_text`)}</Typography>
        <Button component={Link} to={`/publications/${publication.id}`} startIcon={<ArrowBackIcon />}>
          {translate('app.publications.page.back_to', { name: publication.name })}
        </Button>
      </Stack>
    </Box>
  );
}
