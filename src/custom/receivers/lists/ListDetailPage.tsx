import Stack from '@mui/material/Stack';
import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { LoadingMessage } from '../../../declarative/LoadingMessage';
import { ReceiverNotFound } from '../ReceiverNotFound';
import { ListSubscribers } from './ListSubscribers';
import { ListSummary } from './ListSummary';
import { useReceiverList } from './useReceiverList';

/** /recievers/lists/{id}: the list with its labels and actions, and the table of its subscribers. */
export function ListDetailPage() {
  const { id } = useParams();
  const { data: list, isPending, error } = useReceiverList(id);
  if (isPending) return <LoadingMessage />;
  if (error || !list) {
    return (
      <ReceiverNotFound
        title="app.receivers.lists.one"
        message="app.receivers.lists.page.not_found"
        back="app.receivers.lists.page.back"
        to="/recievers/lists/"
      />
    );
  }
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Title title={list.title} />
      <ListSummary list={list} />
      <ListSubscribers list={list} />
    </Stack>
  );
}
