import type { SignUpForm } from '@contract/signUp';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';

/** The address of the form's hosted page (no sign-in), with a button that copies it. */
export function SignUpFormAddress({ record: form }: { record: SignUpForm }) {
  const notify = useNotify();
  const translate = useTranslate();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(form.hostedUrl);
      notify('app.signUpForms.page.copied', { type: 'success' });
    } catch {
      notify('app.signUpForms.page.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 1.5, alignItems: { sm: 'center' } }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.signUpForms.page.hosted_title')}
      </Typography>
      <Link href={form.hostedUrl} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
        {form.hostedUrl}
      </Link>
      <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {translate('app.signUpForms.page.copy')}
      </Button>
    </Stack>
  );
}
