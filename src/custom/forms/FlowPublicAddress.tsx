import type { Flow } from '@contract/forms';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';

/** The address of the form's public page (no sign-in), with a button that copies it. */
export function FlowPublicAddress({ record: flow }: { record: Flow }) {
  const notify = useNotify();
  const translate = useTranslate();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(flow.publicUrl);
      notify('app.forms.flows.public_address.copied', { type: 'success' });
    } catch {
      notify('app.forms.flows.public_address.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 1.5, alignItems: { sm: 'center' } }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.forms.flows.public_address.label')}
      </Typography>
      <Link href={flow.publicUrl} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
        {flow.publicUrl}
      </Link>
      <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {translate('app.forms.flows.public_address.copy')}
      </Button>
    </Stack>
  );
}
