import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Stack, Typography } from '@mui/material';
import { LinkBase, Title, useTranslate } from 'react-admin';
import { homePath } from '../environments/useSwitchEnvironment';

/**
 * An address the console does not know: says so in Dutch, in text of full contrast, with the way to
 * the start page (react-admin's own page titles itself 'React Admin' and ends its text with '..').
 */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
      <Title title={translate('ra.page.not_found')} />
      <Typography>{translate('ra.message.not_found')}</Typography>
      <div>
        <Button component={LinkBase} to={homePath} variant="contained" startIcon={<ArrowBackIcon />}>
          {translate('app.not_found.home')}
        </Button>
      </div>
    </Stack>
  );
}
