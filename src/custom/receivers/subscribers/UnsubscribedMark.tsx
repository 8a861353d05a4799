import type { Subscriber } from '@contract/receivers';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { EmailAddress } from '../../../declarative/EmailAddress';

/**
 * The e-mail address of a subscriber, marked when it is globally unsubscribed (it receives nothing).
 * Most rows show only the address, as a plain element: the table draws 250 of them at once.
 */
export function UnsubscribedMark({ subscriber }: { subscriber: Subscriber }) {
  const address = <EmailAddress address={subscriber.email} />;
  if (!subscriber.isUnsubscribed) return address;
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {address}
      <UnsubscribedChip />
    </Stack>
  );
}

function UnsubscribedChip() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('app.receivers.subscribers.unsubscribed_help')}>
      <Chip
        label={translate('app.receivers.subscribers.unsubscribed')}
        size="small"
        color="warning"
        variant="outlined"
      />
    </Tooltip>
  );
}
