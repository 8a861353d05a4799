import type { DnsRecord, SenderSettings } from '@contract/sending';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useCallAccess } from '../../declarative/useDeclaredAccess';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { formatDateTime } from '../../i18n/dateFormat';
import { serverMessage } from '../../dataProvider/serverMessage';

/**
 * The DNS records the administrator creates for the sending domain, each value with a copy button, and
 * 'Controleren', which looks them up and says per record what is right or wrong. The answer of each call is
 * the whole sender record; the dataProvider reloads it, so this section follows. Only a Beheerder checks
 * or rotates: other roles see the records and their state.
 */
export function SendingDomainRecords({ record }: { record: SenderSettings }) {
  const translate = useTranslate();
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState<'check' | 'rotate' | undefined>();
  const mayCheck = useCallAccess('sender', 'checkDomain').shown;
  const mayRotate = useCallAccess('sender', 'rotateKey').shown;
  const domain = record.domain;
  if (!domain) return <Alert severity="info">{translate('app.sending.domain.none')}</Alert>;

  const run = async (action: 'checkDomain' | 'rotateKey', which: 'check' | 'rotate') => {
    setBusy(which);
    try {
      await dataProvider.action('sender', action, {});
      if (which === 'rotate') notify('app.sending.domain.rotated', { type: 'success' });
    } catch (error) {
      notify(serverMessage(error, 'ra.notification.http_error'), { type: 'error' });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card component="section" aria-labelledby="dns-records-title" sx={{ minWidth: 0 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography
            id="dns-records-title"
            variant="h6"
            component="h2"
            sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {translate('app.sending.records.title', { domain: domain.domain })}
          </Typography>
          <Chip
            color={domain.verified ? 'success' : domain.checkedAt ? 'warning' : 'default'}
            variant={domain.verified ? 'filled' : 'outlined'}
            label={translate(`app.sending.records.${domainState(domain)}`)}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.sending.records.intro')}
        </Typography>
        <Stack spacing={2}>
          {domain.records.map((dnsRecord) => (
            <DnsRecordCard key={`${dnsRecord.kind}:${dnsRecord.name}`} record={dnsRecord} />
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mt: 2, alignItems: { sm: 'center' } }}>
          {mayCheck && (
            <Button
              variant="contained"
              disabled={busy !== undefined}
              onClick={() => void run('checkDomain', 'check')}
            >
              {translate(busy === 'check' ? 'app.sending.records.checking' : 'app.sending.records.check')}
            </Button>
          )}
          {mayRotate && (
            <Button disabled={busy !== undefined} onClick={() => void run('rotateKey', 'rotate')}>
              {translate('app.sending.records.rotate')}
            </Button>
          )}
          <Typography variant="body2" color="text.secondary" role="status">
            {domain.checkedAt
              ? translate('app.sending.records.checked_at', { moment: formatDateTime(domain.checkedAt) })
              : translate('app.sending.records.never_checked')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The chip's state: verified, checked and found wrong, or never checked (not the same as found wrong). */
function domainState(domain: NonNullable<SenderSettings['domain']>): 'verified' | 'not_right' | 'unverified' {
  if (domain.verified) return 'verified';
  return domain.checkedAt ? 'not_right' : 'unverified';
}

/**
 * Read by screen readers, not shown: 1 px in pixels (MUI's sx reads `width: 1` as 100%, which made the
 * hidden text as wide as the page and scrolled it sideways by the card's offset).
 */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const kindLabels = { dkim: 'DKIM', spf: 'SPF', dmarc: 'DMARC' } as const;

function DnsRecordCard({ record }: { record: DnsRecord }) {
  const translate = useTranslate();
  const kind = kindLabels[record.kind];
  return (
    <Box
      component="article"
      aria-label={translate('app.sending.records.record_label', { kind })}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {kind}
        </Typography>
        <Chip size="small" label={record.type} variant="outlined" />
      </Stack>
      <CopyableValue label={translate('app.sending.records.name')} value={record.name} kind={kind} />
      <CopyableValue label={translate('app.sending.records.value')} value={record.value} kind={kind} />
      {record.note ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {record.note}
          {record.keepUntil
            ? ` ${translate('app.sending.records.keep_until', { moment: formatDateTime(record.keepUntil) })}`
            : ''}
        </Typography>
      ) : null}
      <CheckResult record={record} />
    </Box>
  );
}

function CopyableValue({ label, value, kind }: { label: string; value: string; kind: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify('app.sending.records.copied', {
        type: 'success',
        messageArgs: { what: `${kind} ${label.toLowerCase()}` },
      });
    } catch {
      notify('app.sending.records.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: { xs: 0.5, sm: 1 }, alignItems: { sm: 'flex-start' }, mt: 0.5 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 64, pt: { sm: 0.5 } }}>
        {label}
      </Typography>
      <Box
        component="code"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          fontFamily: 'monospace',
          fontSize: 13,
          bgcolor: 'action.hover',
          borderRadius: 0.5,
          px: 1,
          py: 0.5,
          overflowWrap: 'anywhere',
          wordBreak: 'break-all',
        }}
      >
        {value}
      </Box>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        aria-label={translate('app.sending.records.copy_label', { what: `${kind} ${label.toLowerCase()}` })}
        sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
      >
        {translate('app.sending.records.copy')}
      </Button>
    </Stack>
  );
}

function CheckResult({ record }: { record: DnsRecord }) {
  const translate = useTranslate();
  const check = record.check;
  const [Icon, color, text] = !check
    ? [HelpOutlineIcon, 'text.secondary', translate('app.sending.records.not_checked')]
    : check.status === 'ok'
      ? [CheckCircleOutlineIcon, 'success.main', check.message]
      : [ErrorOutlineIcon, 'error.main', check.message];
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', mt: 1 }}>
      <Icon fontSize="small" sx={{ color, mt: '2px' }} aria-hidden />
      {/* A lookup's answer may name long DNS names: they wrap inside the card, never widen the page. */}
      <Typography
        variant="body2"
        sx={{
          color: check && check.status !== 'ok' ? 'error.dark' : 'text.primary',
          minWidth: 0,
          overflowWrap: 'anywhere',
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {translate(`app.sending.records.status.${check?.status ?? 'unknown'}`)}:{' '}
        </Box>
        {text}
      </Typography>
    </Stack>
  );
}
