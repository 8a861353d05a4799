import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { senderName } from './senderName';

export interface InboxLineProps {
  from: string;
  subject: string;
  preheader: string | null;
}

/**
 * The message as a mail program lists it: sender — subject — preview text, on one line that ends in an
 * ellipsis where it runs out of room (as an inbox cuts it off). Each part is labelled for screen readers.
 */
export function InboxLine({ from, subject, preheader }: InboxLineProps) {
  const translate = useTranslate();
  return (
    <Box
      component="figure"
      aria-label={translate('app.publications.preview.inbox')}
      data-testid="inbox-line"
      sx={{
        m: 0,
        mb: 1.5,
        px: 1.5,
        py: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="caption" component="figcaption" color="text.secondary">
        {translate('app.publications.preview.inbox')}
      </Typography>
      <Typography noWrap sx={{ display: 'block' }}>
        <Box
          component="span"
          title={translate('app.publications.preview.inbox_sender')}
          sx={{ fontWeight: 600 }}
        >
          {senderName(from)}
        </Box>
        {' — '}
        <Box
          component="span"
          title={translate('app.publications.preview.inbox_subject')}
          sx={{ fontWeight: 600 }}
        >
          {subject}
        </Box>
        {preheader ? (
          <>
            {' — '}
            <Box
              component="span"
              title={translate('app.publications.preview.inbox_preheader')}
              color="text.secondary"
            >
              {preheader}
            </Box>
          </>
        ) : null}
      </Typography>
    </Box>
  );
}
