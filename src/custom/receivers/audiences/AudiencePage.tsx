import Stack from '@mui/material/Stack';
import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { LoadingMessage } from '../../../declarative/LoadingMessage';
import { ReceiverNotFound } from '../ReceiverNotFound';
import { AudienceLists } from './AudienceLists';
import { AudienceSummary } from './AudienceSummary';
import { useAudienceDetail } from './useAudienceDetail';

/** /recievers/audiences/{id} (and /{id}/{audienceName}): the audience, its recipient count and its lists with their filters. */
export function AudiencePage() {
  const { id } = useParams();
  const { data: audience, isPending, error } = useAudienceDetail(id);
  if (isPending) return <LoadingMessage />;
  if (error || !audience) {
    return (
      <ReceiverNotFound
        title="app.receivers.audiences.one"
        message="app.receivers.audiences.page.not_found"
        back="app.receivers.audiences.page.back"
        to="/recievers/audiences/"
      />
    );
  }
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100, minWidth: 0 }}>
      <Title title={audience.name} />
      <AudienceSummary audience={audience} />
      <AudienceLists audience={audience} />
    </Stack>
  );
}
