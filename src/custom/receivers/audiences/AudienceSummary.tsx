import type { AudienceDetail } from '@contract/receivers';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { openSlideOver } from '../../../slideover/events';
import { BackToOverview } from '../../../layout/BackToOverview';

/**
 * The head of an audience page: its name, the recipient count (what a delivery to it reaches) and the
 * actions 'Naam aanpassen' and 'Lijst toevoegen'.
 */
export function AudienceSummary({ audience }: { audience: AudienceDetail }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent sx={{ pb: 1 }}>
        <BackToOverview to="/recievers/audiences/" label="app.receivers.audiences.page.back" />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
          <Typography variant="h5" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {audience.name}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }} data-testid="recipient-count">
            <Box
              sx={{
                width: 40,
                height: 40,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
              }}
            >
              <GroupsOutlinedIcon aria-hidden />
            </Box>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
              {translate('app.receivers.audiences.page.recipients', { smart_count: audience.recipientCount })}
            </Typography>
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.receivers.audiences.page.recipients_help')}
        </Typography>
        {audience.isDeleted ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('app.receivers.audiences.page.deleted')}
          </Alert>
        ) : null}
      </CardContent>
      {audience.isDeleted ? null : (
        <CardActions
          sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap', '& > :not(style) ~ :not(style)': { ml: 0 } }}
        >
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => openSlideOver('addListToAudience', { record: audience })}
          >
            {translate('app.receivers.audiences.page.add_list')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
            onClick={() => openSlideOver('updateAudienceName', { record: audience })}
          >
            {translate('app.receivers.audiences.rename')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
