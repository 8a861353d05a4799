import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import { NoDataYet } from './NoDataYet';

/** /publications/{id}/analytics: no analytics exist yet (they come with sending). */
export function PublicationAnalyticsPage() {
  return <NoDataYet messages="app.publications.analytics" icon={BarChartOutlinedIcon} />;
}
