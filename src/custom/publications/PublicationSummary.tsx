import type { Publication } from '@contract/publications';
import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { openSlideOver } from '../../slideover/events';
import { DeletePublicationButton } from './DeletePublicationButton';
import { PublicationFlags } from './PublicationFlags';
import { BackToOverview } from '../../layout/BackToOverview';

/**
 * The head of the publication page: name, type and flags, and its actions: edit ('Publicatie
 * aanpassen' panel), deliver ('{name} verspreiden' panel), the analytics and RSVP pages, and delete.
 */
export function PublicationSummary({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  const base = `/publications/${publication.id}`;
  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <BackToOverview to="/publications/" label="app.publications.page.back" />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
          <Typography variant="h5" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {publication.name}
          </Typography>
          <PublicationFlags publication={publication} />
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('app.publications.page.type', { name: publication.publicationTypeName })}
        </Typography>
      </CardContent>
      <CardActions
        sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap', '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          onClick={() => openSlideOver('deliverPublication', { record: publication })}
        >
          {translate('app.publications.page.deliver')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          onClick={() => openSlideOver('updatePublication', { record: publication })}
        >
          {translate('app.publications.page.edit')}
        </Button>
        <Button component={Link} to={`${base}/analytics`} startIcon={<BarChartOutlinedIcon />}>
          {translate('app.publications.page.analytics')}
        </Button>
        <Button component={Link} to={`${base}/rsvp`} startIcon={<EventAvailableOutlinedIcon />}>
          {translate('app.publications.page.rsvp')}
        </Button>
        {/* The destructive action stands apart, at the far end. */}
        <Box sx={{ flex: 1 }} />
        <DeletePublicationButton publication={publication} />
      </CardActions>
    </Card>
  );
}
