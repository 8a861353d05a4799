import type { Publication } from '@contract/publications';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useSender } from './useSender';

/** The From line with a publication's own sender name in place of the environment's. */
export function fromWithName(from: string, name: string | null | undefined): string {
  if (!name?.trim()) return from;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return `${name.trim()} <${address}>`;
}

/**
 * One read-only line of the deliver panel: who the messages will come from. Why they cannot be sent while
 * the sender address is not on a verified sending domain is one of the pre-send check's blockers
 * (`senderNotReady`), shown with the others.
 */
export function DeliverSender({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  const { data } = useSender();
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
      {translate('app.sending.deliver.from', { from: fromWithName(data.from, publication.senderName) })}
    </Typography>
  );
}
