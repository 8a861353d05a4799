import type { SignUpForm } from '@contract/signUp';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/** The HTML snippet to paste into another site, read-only and selectable, with a button that copies it. */
export function SignUpFormSnippet({ record: form }: { record: SignUpForm }) {
  const notify = useNotify();
  const translate = useTranslate();
  const headingId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(form.snippet);
      notify('app.signUpForms.page.copied', { type: 'success' });
    } catch {
      notify('app.signUpForms.page.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, mt: 2 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.25rem', flex: 1 }}>
          {translate('app.signUpForms.page.snippet_title')}
        </Typography>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('app.signUpForms.page.copy')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('app.signUpForms.page.snippet_intro')}
      </Typography>
      <Box
        component="textarea"
        readOnly
        aria-labelledby={headingId}
        value={form.snippet}
        rows={Math.min(24, form.snippet.split('\n').length)}
        onFocus={(event: React.FocusEvent<HTMLTextAreaElement>) => event.currentTarget.select()}
        sx={{
          width: '100%',
          fontFamily: 'monospace',
          fontSize: '0.85rem',
          p: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.default',
          color: 'text.primary',
          resize: 'vertical',
          whiteSpace: 'pre',
        }}
      />
    </Paper>
  );
}
