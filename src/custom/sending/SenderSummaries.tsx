import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useSender } from './useSender';

// The cards of the settings overview show the theme's parts; these two read the sender record themselves.

export function SenderSummary() {
  const translate = useTranslate();
  const { data } = useSender();
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {translate('app.sending.summary.from', { from: data.from })}
    </Typography>
  );
}

export function SendingDomainSummary() {
  const translate = useTranslate();
  const { data } = useSender();
  if (!data) return null;
  const domain = data.domain;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {domain
        ? translate(domain.verified ? 'app.sending.summary.verified' : 'app.sending.summary.unverified', {
            domain: domain.domain,
          })
        : translate('app.sending.summary.none')}
    </Typography>
  );
}
