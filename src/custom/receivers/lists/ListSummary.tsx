import type { ReceiverList } from '@contract/receivers';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { openSlideOver } from '../../../slideover/events';
import { listLabels } from './listLabels';
import { BackToOverview } from '../../../layout/BackToOverview';

/**
 * The head of a list page: title, test flag, size and labels, and the actions 'Naam aanpassen',
 * 'Labels aanpaasen' and import. A deleted list can only be looked at.
 */
export function ListSummary({ list }: { list: ReceiverList }) {
  const translate = useTranslate();
  const labels = listLabels(list);
  return (
    <Card>
      <CardContent sx={{ pb: 1 }}>
        <BackToOverview to="/recievers/lists/" label="app.receivers.lists.page.back" />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
          <Typography variant="h5" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {list.title}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {list.isTest ? (
              <Chip label={translate('app.receivers.lists.page.test')} color="warning" size="small" />
            ) : null}
            <Chip
              label={translate('app.receivers.lists.page.subscribers', { smart_count: list.subscriberCount })}
              size="small"
              variant="outlined"
            />
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.receivers.lists.page.labels')}:
          </Typography>
          {labels.length > 0 ? (
            labels.map(({ number, label }) => (
              <Chip key={number} icon={<LabelOutlinedIcon />} label={label} size="small" variant="outlined" />
            ))
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('app.receivers.lists.page.no_labels')}
            </Typography>
          )}
        </Stack>
        {list.isDeleted ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('app.receivers.lists.page.deleted')}
          </Alert>
        ) : null}
      </CardContent>
      {list.isDeleted ? null : (
        <CardActions
          sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap', '& > :not(style) ~ :not(style)': { ml: 0 } }}
        >
          <Button
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
            onClick={() => openSlideOver('updateListName', { record: list })}
          >
            {translate('app.receivers.lists.rename')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<LabelOutlinedIcon />}
            onClick={() => openSlideOver('updateListLabels', { record: list })}
          >
            {translate('app.receivers.lists.labels')}
          </Button>
          <Button
            component={Link}
            to={`/recievers/lists/${list.id}/import`}
            startIcon={<UploadFileOutlinedIcon />}
          >
            {translate('app.receivers.lists.page.import')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
