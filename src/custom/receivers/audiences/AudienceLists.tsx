import type { AudienceDetail } from '@contract/receivers';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { AudienceListCard } from './AudienceListCard';

/** The lists of an audience, in the order they were added, each with its filters. */
export function AudienceLists({ record: audience }: { record: AudienceDetail }) {
  const translate = useTranslate();
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="audience-lists-title">
      <Typography id="audience-lists-title" variant="h6" component="h2">
        {translate('app.receivers.audiences.page.lists')}
      </Typography>
      {audience.lists.length === 0 ? (
        <Typography color="text.secondary">{translate('app.receivers.audiences.page.no_lists')}</Typography>
      ) : (
        audience.lists.map((list) => <AudienceListCard key={list.id} audience={audience} list={list} />)
      )}
    </Stack>
  );
}
