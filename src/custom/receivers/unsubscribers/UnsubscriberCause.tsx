import type { Unsubscriber } from '@contract/receivers';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/** Why the address is here: 'Afgemeld', or 'Onbestelbaar' / 'Klacht' with the bounce or complaint behind it. */
export function UnsubscriberCause({ unsubscriber }: { unsubscriber: Unsubscriber }) {
  return (
    <>
      {unsubscriber.cause}
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

/**
 * The address cell. On a phone the table has no room for the 'Oorzaak' column beside the removal button,
 * so the cause is shown under the address: staff still see whether it bounced or unsubscribed.
 */
export function UnsubscriberAddress({ unsubscriber }: { unsubscriber: Unsubscriber }) {
  // The table's own phone breakpoint (declarative/DeclaredTable.tsx), where the cause column is left out.
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <>
      <span style={{ overflowWrap: 'anywhere' }}>{unsubscriber.email}</span>
      {isPhone ? (
        <Typography variant="body2" color="text.secondary" component="span" display="block">
          <UnsubscriberCause unsubscriber={unsubscriber} />
        </Typography>
      ) : null}
    </>
  );
}
