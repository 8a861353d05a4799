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
 * The message as a mail program lists it: the sender, the subject and the preview text, each line ending
 * in an ellipsis where it runs out of room (as an inbox cuts them off). Each part is named for screen
 * readers, as the inbox's own columns would be.
 */
export function InboxLine({ from, subject, preheader }: InboxLineProps) {
  const translate = useTranslate();
  const line = (label: string, text: string, strong: boolean) => (
    <Typography
      noWrap
      title={text}
      aria-label={`${translate(label)}: ${text}`}
      color={strong ? 'text.primary' : 'text.secondary'}
      sx={{ fontWeight: strong ? 600 : 400 }}
    >
      {text}
    </Typography>
  );
  return (
    <Box
      component="figure"
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
      {line('app.publications.preview.inbox_sender', senderName(from), true)}
      {line('app.publications.preview.inbox_subject', subject, true)}
      {preheader ? line('app.publications.preview.inbox_preheader', preheader, false) : null}
    </Box>
  );
}
