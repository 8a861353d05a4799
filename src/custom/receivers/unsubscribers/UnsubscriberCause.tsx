import type { Unsubscriber } from '@contract/receivers';
import Typography from '@mui/material/Typography';

/** Why the address is here: 'Afgemeld', or 'Onbestelbaar' / 'Klacht' with the bounce or complaint behind it. */
export function UnsubscriberCause({ unsubscriber }: { unsubscriber: Unsubscriber }) {
  return (
    <>
      {/* Its own element, so the cause reads (and is found) apart from the detail under it. */}
      <span>{unsubscriber.cause}</span>
      {unsubscriber.causeDetail ? (
        <Typography
          variant="caption"
          color="text.secondary"
          component="span"
          display="block"
          // A bounce's SMTP answer can hold a long address: it wraps within the cell.
          sx={{ overflowWrap: 'anywhere' }}
        >
          {unsubscriber.causeDetail}
        </Typography>
      ) : null}
    </>
  );
}
