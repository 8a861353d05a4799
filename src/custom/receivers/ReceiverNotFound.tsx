import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export interface ReceiverNotFoundProps {
  /** i18n keys: the page title, the message and the link back. */
  title: string;
  message: string;
  back: string;
  to: string;
}

/** What a list or audience page shows when the record cannot be read (unknown id, other environment). */
export function ReceiverNotFound({ title, message, back, to }: ReceiverNotFoundProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Title title={translate(title)} />
      <Alert
        severity="warning"
        action={
          <Link to={to} style={{ color: 'inherit' }}>
            {translate(back)}
          </Link>
        }
      >
        {translate(message)}
      </Alert>
    </Box>
  );
}
