import type { Subscriber } from '@contract/receivers';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';

/** The e-mail address of a subscriber, marked when it is globally unsubscribed (it receives nothing). */
export function UnsubscribedMark({ subscriber }: { subscriber: Subscriber }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span style={{ overflowWrap: 'anywhere' }}>{subscriber.email}</span>
      {subscriber.isUnsubscribed ? (
        <Tooltip title={translate('app.receivers.subscribers.unsubscribed_help')}>
          <Chip
            label={translate('app.receivers.subscribers.unsubscribed')}
            size="small"
            color="warning"
            variant="outlined"
          />
        </Tooltip>
      ) : null}
    </Stack>
  );
}
