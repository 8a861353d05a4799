import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { NoDataYet } from './NoDataYet';

/** /publications/{id}/rsvp: no RSVP answers exist yet (RSVP comes later). */
export function PublicationRsvpPage() {
  return <NoDataYet messages="app.publications.rsvp" icon={EventAvailableOutlinedIcon} />;
}
