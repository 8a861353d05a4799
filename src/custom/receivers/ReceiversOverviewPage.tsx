import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import FormatListBulletedOutlinedIcon from '@mui/icons-material/FormatListBulletedOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { ReceiverPartCard } from './ReceiverPartCard';

/**
 * /recievers/: the parts of the receivers area, each with how many there are (lists and audiences that
 * are not deleted, active unsubscribers, sign-up forms) and a way in, and the way to a person's page
 * (found by address).
 */
export function ReceiversOverviewPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }}>
      <Title title={translate('app.receivers.overview.title')} />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.receivers.overview.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        <ReceiverPartCard
          count={{ resource: 'lists', sort: { field: 'title', order: 'ASC' }, filter: { isDeleted: false } }}
          to="/recievers/lists/"
          title="app.receivers.overview.lists"
          text="app.receivers.overview.lists_text"
          icon={FormatListBulletedOutlinedIcon}
        />
        <ReceiverPartCard
          count={{
            resource: 'audiences',
            sort: { field: 'name', order: 'ASC' },
            filter: { isDeleted: false },
          }}
          to="/recievers/audiences/"
          title="app.receivers.overview.audiences"
          text="app.receivers.overview.audiences_text"
          icon={FilterAltOutlinedIcon}
        />
        <ReceiverPartCard
          count={{ resource: 'unsubscribers', sort: { field: 'createdAt', order: 'DESC' } }}
          to="/recievers/unsubscribers/"
          title="app.receivers.overview.unsubscribers"
          text="app.receivers.overview.unsubscribers_text"
          icon={PersonOffOutlinedIcon}
        />
        <ReceiverPartCard
          count={{ resource: 'signUpForms', sort: { field: 'name', order: 'ASC' } }}
          to="/recievers/signupforms/"
          title="app.receivers.overview.signUpForms"
          text="app.receivers.overview.signUpForms_text"
          icon={HowToRegOutlinedIcon}
        />
        <ReceiverPartCard
          to="/recievers/persons/"
          title="app.receivers.overview.persons"
          text="app.receivers.overview.persons_text"
          icon={PersonSearchOutlinedIcon}
        />
      </Box>
    </Box>
  );
}
