import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

/** What a publication page shows when the publication cannot be read (unknown id, other environment). */
export function PublicationNotFound({ message }: { message?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Title title={translate('app.publications.one')} />
      <Alert
        severity="warning"
        action={
          <Link to="/publications/" style={{ color: 'inherit' }}>
            {translate('app.publications.page.back')}
          </Link>
        }
      >
        {message ?? translate('app.publications.page.not_found')}
      </Alert>
    </Box>
  );
}
