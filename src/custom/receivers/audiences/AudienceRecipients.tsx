import type { AudienceDetail } from '@contract/receivers';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** The audience's recipient count (what a delivery to it reaches), in the head of its page. */
export function AudienceRecipients({ record: audience }: { record: AudienceDetail }) {
  const translate = useTranslate();
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 1 }} data-testid="recipient-count">
        <Box
          sx={{
            width: 40,
            height: 40,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        >
          <GroupsOutlinedIcon aria-hidden />
        </Box>
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {translate('app.receivers.audiences.page.recipients', { smart_count: audience.recipientCount })}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('app.receivers.audiences.page.recipients_help')}
      </Typography>
    </>
  );
}
