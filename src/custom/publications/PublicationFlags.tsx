import type { Publication } from '@contract/publications';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';

/** The publication's two flags as chips: marketing or not, public or not. */
export function PublicationFlags({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={publication.isNotMarketing ? 'info' : 'default'}
        label={translate(
          publication.isNotMarketing
            ? 'app.publications.page.not_marketing'
            : 'app.publications.page.marketing',
        )}
      />
      <Chip
        size="small"
        color={publication.isPublic ? 'success' : 'default'}
        label={translate(
          publication.isPublic ? 'app.publications.page.public' : 'app.publications.page.not_public',
        )}
      />
    </Stack>
  );
}
